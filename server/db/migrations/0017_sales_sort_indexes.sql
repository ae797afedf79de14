CREATE INDEX "sales_submerchant_serial_idx" ON "sales" USING btree ("submerchant_id","terminal_serial_number","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_sale_amount_idx" ON "sales" USING btree ("submerchant_id","sale_amount","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_gratuity_idx" ON "sales" USING btree ("submerchant_id","gratuity_amount","id");