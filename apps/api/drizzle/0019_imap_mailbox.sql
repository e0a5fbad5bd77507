CREATE TABLE "company_mailboxes" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean NOT NULL,
	"user" text NOT NULL,
	"login" text DEFAULT 'password' NOT NULL,
	"secret_sealed" text NOT NULL,
	"address" text NOT NULL,
	"folder" text NOT NULL,
	"move_to" text,
	"plus_addressing" boolean NOT NULL,
	"status" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"read_through" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"messages_read" integer DEFAULT 0 NOT NULL,
	"kept_aside" integer DEFAULT 0 NOT NULL,
	"error_reason" text,
	"error_message" text,
	"error_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_mailboxes" ADD CONSTRAINT "company_mailboxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;