-- Decision 0021. A combined reminder is stored once in each of its invoices' threads, under one Message-ID.
DROP INDEX "email_messages_message_id";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_message_id" UNIQUE NULLS NOT DISTINCT("company_id","message_id","invoice_qb_id");--> statement-breakpoint
-- Existing companies keep one email per invoice until they turn combining on; new ones start on.
ALTER TABLE "reminder_settings" ADD COLUMN "combine_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ALTER COLUMN "combine_reminders" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "group_id" uuid;
