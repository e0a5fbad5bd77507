CREATE TABLE "company_sending" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"domain" text NOT NULL,
	"selector" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"public_key" text NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_sending" ADD CONSTRAINT "company_sending_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;