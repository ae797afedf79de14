ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_user_id" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Endpoints made before their creator was recorded count as made by the account's first owner.
UPDATE "webhook_endpoints" e SET "created_by_user_id" = (
  SELECT m."user_id" FROM "submerchant_users" m
  WHERE m."submerchant_id" = e."submerchant_id" AND m."submerchant_role" = 'owner'
  ORDER BY m."created_at", m."id" LIMIT 1
) WHERE "created_by_user_id" IS NULL;
