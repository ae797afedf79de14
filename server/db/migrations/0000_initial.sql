CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"name" text,
	"identifier" text NOT NULL,
	"token_hash" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"source_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"fee_amount" integer NOT NULL,
	"net_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"payout_id" text
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"nickname" text,
	"account_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"acquirer" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"processing_expected_by" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intents" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"status_is_final" boolean NOT NULL,
	"capture_mode" text NOT NULL,
	"capture_amount" integer,
	"reference" text,
	"description" text,
	"customer_name" text,
	"customer_phone_number" text,
	"customer_email_address" text,
	"customer_sms_sent" boolean DEFAULT false NOT NULL,
	"customer_email_sent" boolean DEFAULT false NOT NULL,
	"customer_ip_address" text,
	"customer_device_info" text,
	"customer_country_code" text,
	"customer_postcode" text,
	"brand_identifier" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"client_access_path" text NOT NULL,
	"sale_id" text,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand_name" text NOT NULL,
	"brand_identifier" text NOT NULL,
	"logo_path" text NOT NULL,
	"theme_colour" text NOT NULL,
	"receipt_host" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_facilitators" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"receipt_host" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"nickname" text,
	"card_scheme" text NOT NULL,
	"pan_last_four" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"payment_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"scheduled" boolean NOT NULL,
	"destination_type" text NOT NULL,
	"destination_id" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payout_schedule_natural_language" text NOT NULL,
	"payout_min_balance" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"submerchant_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"submerchant_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"refund_reason" text NOT NULL,
	"customer_email_address" text,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"amount" integer NOT NULL,
	"sale_amount" integer NOT NULL,
	"gratuity_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"pan_last_four" text NOT NULL,
	"auth_code" text NOT NULL,
	"card_scheme" text NOT NULL,
	"card_is_commercial" boolean NOT NULL,
	"card_type" text NOT NULL,
	"card_is_prepaid" boolean NOT NULL,
	"card_country_code" text NOT NULL,
	"card_country_is_in_eea" boolean NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"retrieval_reference_number" text NOT NULL,
	"settlement_transaction_id" text,
	"balance_transaction_id" text,
	"disbursement_withheld" boolean DEFAULT false NOT NULL,
	"disbursement_withheld_reason" text,
	"disbursement_withheld_message" text,
	"disbursement_withheld_url" text,
	"terminal_id" text,
	"terminal_serial_number" text,
	"receipt_id" text,
	"intent_id" text,
	"external_reference" text,
	"payout_id" text
);
--> statement-breakpoint
CREATE TABLE "submerchant_users" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"submerchant_id" text NOT NULL,
	"submerchant_role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submerchants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"operator_id" text NOT NULL,
	"payment_facilitator_id" text NOT NULL,
	"finaro_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_allocations" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"submerchant_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"serial_number" text NOT NULL,
	"custom_reference" text,
	"reference" text,
	"model" text NOT NULL,
	"current_submerchant_id" text,
	"current_allocation_created_at" timestamp with time zone,
	"is_up_to_date" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email_address" text NOT NULL,
	"avatar_url" text,
	"password_hash" text NOT NULL,
	"mfa_is_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"credentials_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"notification_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"request_url" text NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status_code" integer,
	"response_headers" jsonb,
	"response_body" text
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"submerchant_id" text NOT NULL,
	"name" text,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"signing_secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"submerchant_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"has_succeeded" boolean DEFAULT false NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"submerchant_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_lockouts" (
	"account_key" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_identifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mfa_secrets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint
);
--> statement-breakpoint
CREATE TABLE "password_reset_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text,
	"event_id" text,
	"item_type" text NOT NULL,
	"envelope_header" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_content_type" text,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_cards" ADD CONSTRAINT "payout_cards_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_attachments" ADD CONSTRAINT "plan_attachments_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_attachments" ADD CONSTRAINT "plan_attachments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submerchant_users" ADD CONSTRAINT "submerchant_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submerchant_users" ADD CONSTRAINT "submerchant_users_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submerchants" ADD CONSTRAINT "submerchants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submerchants" ADD CONSTRAINT "submerchants_payment_facilitator_id_payment_facilitators_id_fk" FOREIGN KEY ("payment_facilitator_id") REFERENCES "public"."payment_facilitators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_allocations" ADD CONSTRAINT "terminal_allocations_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_allocations" ADD CONSTRAINT "terminal_allocations_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_current_submerchant_id_submerchants_id_fk" FOREIGN KEY ("current_submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_notification_id_webhook_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."webhook_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD CONSTRAINT "webhook_notifications_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_secrets" ADD CONSTRAINT "mfa_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tickets" ADD CONSTRAINT "password_reset_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash_idx" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_identifier_idx" ON "api_keys" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "api_keys_submerchant_idx" ON "api_keys" USING btree ("submerchant_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_transactions_submerchant_created_idx" ON "balance_transactions" USING btree ("submerchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_submerchant_idx" ON "bank_accounts" USING btree ("submerchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_submerchant_acquirer_idx" ON "enrollments" USING btree ("submerchant_id","acquirer");--> statement-breakpoint
CREATE INDEX "intents_submerchant_created_idx" ON "intents" USING btree ("submerchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "intents_submerchant_status_idx" ON "intents" USING btree ("submerchant_id","status");--> statement-breakpoint
CREATE INDEX "intents_submerchant_reference_idx" ON "intents" USING btree ("submerchant_id","reference");--> statement-breakpoint
CREATE INDEX "intents_submerchant_succeeded_idx" ON "intents" USING btree ("submerchant_id","succeeded_at");--> statement-breakpoint
CREATE INDEX "intents_sale_idx" ON "intents" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "payout_cards_submerchant_idx" ON "payout_cards" USING btree ("submerchant_id");--> statement-breakpoint
CREATE INDEX "payouts_submerchant_created_idx" ON "payouts" USING btree ("submerchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_submerchant_status_idx" ON "payouts" USING btree ("submerchant_id","status");--> statement-breakpoint
CREATE INDEX "payouts_submerchant_reference_idx" ON "payouts" USING btree ("submerchant_id","payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_attachments_submerchant_idx" ON "plan_attachments" USING btree ("submerchant_id");--> statement-breakpoint
CREATE INDEX "refund_requests_sale_idx" ON "refund_requests" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_submerchant_idx" ON "refund_requests" USING btree ("submerchant_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_submerchant_captured_idx" ON "sales" USING btree ("submerchant_id","captured_at","id");--> statement-breakpoint
CREATE INDEX "sales_terminal_captured_idx" ON "sales" USING btree ("terminal_id","captured_at","id") WHERE "sales"."terminal_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_submerchant_amount_idx" ON "sales" USING btree ("submerchant_id","amount","id");--> statement-breakpoint
CREATE INDEX "sales_submerchant_pan_idx" ON "sales" USING btree ("submerchant_id","pan_last_four");--> statement-breakpoint
CREATE UNIQUE INDEX "submerchant_users_user_submerchant_idx" ON "submerchant_users" USING btree ("user_id","submerchant_id");--> statement-breakpoint
CREATE INDEX "submerchant_users_submerchant_idx" ON "submerchant_users" USING btree ("submerchant_id");--> statement-breakpoint
CREATE INDEX "submerchants_name_idx" ON "submerchants" USING btree ("name");--> statement-breakpoint
CREATE INDEX "submerchants_operator_idx" ON "submerchants" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "terminal_allocations_terminal_idx" ON "terminal_allocations" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_serial_number_idx" ON "terminals" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "terminals_current_submerchant_idx" ON "terminals" USING btree ("current_submerchant_id","serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_address_idx" ON "users" USING btree ("email_address");--> statement-breakpoint
CREATE INDEX "webhook_attempts_notification_created_idx" ON "webhook_attempts" USING btree ("notification_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_submerchant_idx" ON "webhook_endpoints" USING btree ("submerchant_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_notifications_endpoint_created_idx" ON "webhook_notifications" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_notifications_due_idx" ON "webhook_notifications" USING btree ("next_attempt_at") WHERE "webhook_notifications"."next_attempt_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_idx" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_tokens_device_idx" ON "access_tokens" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "auth_failures_account_idx" ON "auth_failures" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_identifier_idx" ON "devices" USING btree ("user_id","device_identifier");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_hash_idx" ON "mfa_recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tickets_user_idx" ON "password_reset_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tickets_open_idx" ON "password_reset_tickets" USING btree ("expires_at") WHERE "password_reset_tickets"."used_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_device_idx" ON "refresh_tokens" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "error_reports_received_idx" ON "error_reports" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_records_scope_key_idx" ON "idempotency_records" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");