-- The trigram operator class of GET /v1/intents?q= (PGlite loads the extension's code at open).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "intents_search_trgm_idx" ON "intents" USING gin ((coalesce("reference", '') || E'\n' || coalesce("customer_name", '') || E'\n' || coalesce("description", '') || E'\n' || coalesce("customer_email_address", '') || E'\n' || coalesce("customer_phone_number", '') || E'\n' || coalesce("id", '')) gin_trgm_ops);
