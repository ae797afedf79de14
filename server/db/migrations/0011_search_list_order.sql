DROP INDEX "sales_submerchant_pan_idx";--> statement-breakpoint
CREATE INDEX "intents_submerchant_amount_created_idx" ON "intents" USING btree ("submerchant_id","amount","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_pan_captured_idx" ON "sales" USING btree ("submerchant_id","pan_last_four","captured_at","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_amount_captured_idx" ON "sales" USING btree ("submerchant_id","amount","captured_at","id");