CREATE TABLE "inbound_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message_id" text,
	"size" integer NOT NULL,
	"raw_sha256" text NOT NULL,
	"raw" "bytea" NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inbound_failures" ADD CONSTRAINT "inbound_failures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_failures_raw" ON "inbound_failures" USING btree ("raw_sha256");--> statement-breakpoint
CREATE INDEX "inbound_failures_company" ON "inbound_failures" USING btree ("company_id","received_at");