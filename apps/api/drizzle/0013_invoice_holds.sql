CREATE TABLE "invoice_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_qb_id" text NOT NULL,
	"customer_qb_id" text NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "invoice_promises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_qb_id" text NOT NULL,
	"customer_qb_id" text NOT NULL,
	"promised_for" date NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid
);
--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_promises" ADD CONSTRAINT "invoice_promises_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_promises" ADD CONSTRAINT "invoice_promises_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_promises" ADD CONSTRAINT "invoice_promises_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_disputes_open" ON "invoice_disputes" USING btree ("company_id","invoice_qb_id") WHERE "invoice_disputes"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_promises_open" ON "invoice_promises" USING btree ("company_id","invoice_qb_id") WHERE "invoice_promises"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "invoice_promises_due" ON "invoice_promises" USING btree ("company_id","promised_for") WHERE "invoice_promises"."ended_at" is null and "invoice_promises"."missed_at" is null;
--> statement-breakpoint
-- Every company gets the fourth template, 'Missed Promise', as new companies do.
INSERT INTO "email_templates" ("company_id", "type", "name", "subject", "content") SELECT "company_id", 'missed_promise', 'Missed Promise', 'Invoice {invoice_number}: we have not received your payment yet', '<p>Hi {customer_name},</p><p>Thank you for letting us know when you planned to pay invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> (due on {due_date}). We have not received the payment yet.</p><p>Could you let us know when we can expect it? You can pay, or tell us a new date, on your page:</p><p><a href="{payment_link}">View and pay</a></p><p>Thank you,<br>{company_name}</p>' FROM "email_templates" WHERE "type" = 'after_due_date' ON CONFLICT DO NOTHING;
