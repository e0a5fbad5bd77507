CREATE TABLE "customer_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_qb_id" text NOT NULL,
	"invoice_qb_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "how_to_pay" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_links_customer" ON "customer_links" USING btree ("company_id","customer_qb_id");
--> statement-breakpoint
-- Templates never edited (still the old defaults) get the customer page's 'View and pay' link.
UPDATE "email_templates" SET "content" = '<p>Hi {customer_name},</p><p>This is a friendly reminder that invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> is due on <strong>{due_date}</strong>.</p><p><a href="{payment_link}">View and pay</a></p><p>If you have already arranged payment, thank you, and please ignore this message.</p><p>Kind regards,<br>{company_name}</p>' WHERE "type" = 'before_due_date' AND "content" = '<p>Hi {customer_name},</p><p>This is a friendly reminder that invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> is due on <strong>{due_date}</strong>.</p><p>If you have already arranged payment, thank you, and please ignore this message.</p><p>Kind regards,<br>{company_name}</p>';--> statement-breakpoint
UPDATE "email_templates" SET "content" = '<p>Hi {customer_name},</p><p>Invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> is due today, {due_date}.</p><p><a href="{payment_link}">View and pay</a></p><p>If payment is already on its way, thank you. If you have any questions about this invoice, just reply to this email.</p><p>Kind regards,<br>{company_name}</p>' WHERE "type" = 'on_due_date' AND "content" = '<p>Hi {customer_name},</p><p>Invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> is due today, {due_date}.</p><p>If payment is already on its way, thank you. If you have any questions about this invoice, just reply to this email.</p><p>Kind regards,<br>{company_name}</p>';--> statement-breakpoint
UPDATE "email_templates" SET "content" = '<p>Hi {customer_name},</p><p>Our records show that invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong>, due on {due_date}, is now {days_overdue} days overdue.</p><p>Please arrange payment at your earliest convenience, or reply to this email if there is anything we should know.</p><p><a href="{payment_link}">View and pay</a></p><p>Thank you,<br>{company_name}</p>' WHERE "type" = 'after_due_date' AND "content" = '<p>Hi {customer_name},</p><p>Our records show that invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong>, due on {due_date}, is now {days_overdue} days overdue.</p><p>Please arrange payment at your earliest convenience, or reply to this email if there is anything we should know.</p><p>Thank you,<br>{company_name}</p>';
