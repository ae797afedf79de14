CREATE TABLE "intent_imports" (
	"submerchant_id" text NOT NULL,
	"id" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_count" integer,
	"failed_count" integer,
	"cancelled_count" integer,
	CONSTRAINT "intent_imports_submerchant_id_id_pk" PRIMARY KEY("submerchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "intent_imports" ADD CONSTRAINT "intent_imports_submerchant_id_submerchants_id_fk" FOREIGN KEY ("submerchant_id") REFERENCES "public"."submerchants"("id") ON DELETE cascade ON UPDATE no action;