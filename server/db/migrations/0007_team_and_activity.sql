CREATE TABLE "activity_events" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"object_label" text,
	"ip_address" text,
	"device" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"email_address" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "submerchant_users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_account_time_idx" ON "activity_events" USING btree ("submerchant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_events_account_actor_idx" ON "activity_events" USING btree ("submerchant_id","actor_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_events_account_action_idx" ON "activity_events" USING btree ("submerchant_id","action","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_submerchant_idx" ON "invitations" USING btree ("submerchant_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_open_email_idx" ON "invitations" USING btree ("submerchant_id","email_address") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;