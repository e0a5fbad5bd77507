ALTER TABLE "email_messages" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "attach_invoice_pdf" boolean DEFAULT true NOT NULL;