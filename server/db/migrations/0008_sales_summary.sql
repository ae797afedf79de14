DROP INDEX "sales_submerchant_captured_idx";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "fee_amount" integer;--> statement-breakpoint
UPDATE "sales" SET "fee_amount" = "balance_transactions"."fee_amount" FROM "balance_transactions" WHERE "balance_transactions"."id" = "sales"."balance_transaction_id";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "captured_bin" timestamp with time zone GENERATED ALWAYS AS (date_bin('15 minutes', captured_at, timestamptz '2000-01-01T00:00:00Z')) STORED;--> statement-breakpoint
CREATE INDEX "balance_transactions_refund_created_idx" ON "balance_transactions" USING btree ("submerchant_id","created_at") WHERE "balance_transactions"."type" = 'refund';--> statement-breakpoint
CREATE INDEX "sales_submerchant_captured_idx" ON "sales" USING btree ("submerchant_id","captured_at","id","amount","sale_amount","gratuity_amount","fee_amount","terminal_id","card_scheme","method","card_type","captured_bin");