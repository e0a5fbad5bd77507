CREATE TABLE "customer_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_qb_id" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"role" text DEFAULT 'billing' NOT NULL,
	"source" text NOT NULL,
	"in_quickbooks" boolean DEFAULT false NOT NULL,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_email_cc" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_email_bcc" text;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contacts_address" ON "customer_contacts" USING btree ("company_id","customer_qb_id","email");--> statement-breakpoint
CREATE INDEX "customer_contacts_email" ON "customer_contacts" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "customer_contacts_usable" ON "customer_contacts" USING btree ("company_id","customer_qb_id") WHERE "customer_contacts"."bounced_at" is null;--> statement-breakpoint
-- Companies synced before contacts existed: each address of a customer's PrimaryEmailAddr (kept in customers.email) becomes its QuickBooks billing contact.
INSERT INTO "customer_contacts" ("company_id", "customer_qb_id", "email", "role", "source", "in_quickbooks")
SELECT DISTINCT c."company_id", c."qb_id", lower(trim(a)), 'billing', 'quickbooks', true
FROM "customers" c, regexp_split_to_table(c."email", '[,;]') a
WHERE c."deleted_at" IS NULL AND trim(a) ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
ON CONFLICT DO NOTHING;
