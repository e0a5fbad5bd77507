CREATE TABLE "address_bounces" (
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text,
	"bounced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "address_bounces_company_id_email_pk" PRIMARY KEY("company_id","email")
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "cc_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "bcc_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "escalate_from" integer;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "cc_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "bcc_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "chosen_recipients" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "address_bounces" ADD CONSTRAINT "address_bounces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Addresses that bounced before: their contacts' marks.
INSERT INTO "address_bounces" ("company_id", "email", "reason", "bounced_at")
SELECT DISTINCT ON ("company_id", "email") "company_id", "email", "bounce_reason", "bounced_at"
FROM "customer_contacts" WHERE "bounced_at" IS NOT NULL
ORDER BY "company_id", "email", "bounced_at" DESC;
