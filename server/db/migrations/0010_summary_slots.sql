DROP INDEX "sales_submerchant_captured_idx";--> statement-breakpoint
CREATE INDEX "sales_submerchant_captured_idx" ON "sales" USING btree ("submerchant_id","captured_at","id","amount","sale_amount","gratuity_amount","fee_amount","terminal_id","card_scheme","method","card_type","disbursement_withheld");--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "captured_bin";