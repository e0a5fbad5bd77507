CREATE TABLE "statement_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"monthly" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_qb_id" text NOT NULL,
	"kind" text NOT NULL,
	"month" text,
	"decided_on" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text NOT NULL,
	"to_addresses" text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_settings" ADD CONSTRAINT "statement_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_monthly_once" ON "statements" USING btree ("company_id","customer_qb_id","month") WHERE "statements"."month" is not null;--> statement-breakpoint
CREATE INDEX "statements_customer" ON "statements" USING btree ("company_id","customer_qb_id","decided_at");