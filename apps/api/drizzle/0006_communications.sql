CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_qb_id" text,
	"customer_qb_id" text,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reminder_id" uuid,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text,
	"text" text DEFAULT '' NOT NULL,
	"reply_text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_date" date,
	"error" text,
	"raw_sha256" text,
	"sent_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_threads" (
	"company_id" uuid NOT NULL,
	"invoice_qb_id" text NOT NULL,
	"reply_waiting_since" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD COLUMN "reason" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_threads" ADD CONSTRAINT "invoice_threads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_threads" ADD CONSTRAINT "invoice_threads_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_message_id" ON "email_messages" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_reminder" ON "email_messages" USING btree ("reminder_id");--> statement-breakpoint
CREATE INDEX "email_messages_thread" ON "email_messages" USING btree ("company_id","invoice_qb_id","at");--> statement-breakpoint
CREATE INDEX "email_messages_by_message_id" ON "email_messages" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_threads_pk" ON "invoice_threads" USING btree ("company_id","invoice_qb_id");