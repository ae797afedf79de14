DROP INDEX "sales_submerchant_serial_idx";--> statement-breakpoint
DROP INDEX "sales_submerchant_sale_amount_idx";--> statement-breakpoint
DROP INDEX "sales_submerchant_gratuity_idx";--> statement-breakpoint
CREATE INDEX "sales_submerchant_serial_captured_idx" ON "sales" USING btree ("submerchant_id","terminal_serial_number","captured_at","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_sale_amount_captured_idx" ON "sales" USING btree ("submerchant_id","sale_amount","captured_at","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_gratuity_captured_idx" ON "sales" USING btree ("submerchant_id","gratuity_amount","captured_at","id");