DROP INDEX "intents_submerchant_status_idx";--> statement-breakpoint
ALTER TABLE "intents" ADD COLUMN "card_last_four" text;--> statement-breakpoint
ALTER TABLE "intents" ADD COLUMN "card_scheme" text;--> statement-breakpoint
CREATE INDEX "intents_open_expiry_idx" ON "intents" USING btree ("submerchant_id","expires_at") WHERE not "intents"."status_is_final" and "intents"."status" <> 'authorized_pending_capture';--> statement-breakpoint
CREATE INDEX "intents_submerchant_amount_idx" ON "intents" USING btree ("submerchant_id","amount","id");--> statement-breakpoint
CREATE INDEX "intents_submerchant_status_idx" ON "intents" USING btree ("submerchant_id","status","created_at","id");