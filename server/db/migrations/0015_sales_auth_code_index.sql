DROP INDEX "sales_submerchant_auth_code_idx";--> statement-breakpoint
CREATE INDEX "sales_auth_code_submerchant_idx" ON "sales" USING btree ("auth_code","submerchant_id");