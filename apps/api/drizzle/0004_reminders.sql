CREATE TABLE "reminder_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"target_qb_id" text NOT NULL,
	"until" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"send_time" text DEFAULT '09:00' NOT NULL,
	"weekdays_only" boolean DEFAULT true NOT NULL,
	"enabled_at" timestamp with time zone,
	"blocked_reason" text,
	"blocked_at" timestamp with time zone,
	"last_planned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_qb_id" text NOT NULL,
	"stage" text NOT NULL,
	"cycle" integer NOT NULL,
	"scheduled_for" date,
	"template_type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD CONSTRAINT "reminder_pauses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD CONSTRAINT "reminder_pauses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_pauses_target" ON "reminder_pauses" USING btree ("company_id","scope","target_qb_id");--> statement-breakpoint
CREATE INDEX "reminder_settings_enabled" ON "reminder_settings" USING btree ("company_id") WHERE "reminder_settings"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once" ON "reminders" USING btree ("company_id","invoice_qb_id","stage","cycle");--> statement-breakpoint
CREATE INDEX "reminders_invoice_history" ON "reminders" USING btree ("company_id","invoice_qb_id","decided_at");--> statement-breakpoint
CREATE INDEX "reminders_company_sent" ON "reminders" USING btree ("company_id","sent_at") WHERE "reminders"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "reminders_company_decided" ON "reminders" USING btree ("company_id","decided_at");