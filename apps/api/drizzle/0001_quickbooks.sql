CREATE TABLE "credit_memos" (
	"company_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"qb_id" text NOT NULL,
	"sync_token" text NOT NULL,
	"qb_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"doc_number" text,
	"customer_qb_id" text NOT NULL,
	"txn_date" date NOT NULL,
	"currency" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	CONSTRAINT "credit_memos_company_id_qb_id_pk" PRIMARY KEY("company_id","qb_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"company_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"qb_id" text NOT NULL,
	"sync_token" text NOT NULL,
	"qb_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"display_name" text NOT NULL,
	"company_name" text,
	"email" text,
	"phone" text,
	"currency" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "customers_company_id_qb_id_pk" PRIMARY KEY("company_id","qb_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"company_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"qb_id" text NOT NULL,
	"sync_token" text NOT NULL,
	"qb_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"doc_number" text,
	"customer_qb_id" text NOT NULL,
	"customer_name" text,
	"txn_date" date NOT NULL,
	"due_date" date,
	"currency" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"email" text,
	"voided" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoices_company_id_qb_id_pk" PRIMARY KEY("company_id","qb_id")
);
--> statement-breakpoint
CREATE TABLE "payment_applications" (
	"company_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_qb_id" text NOT NULL,
	"invoice_qb_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "payment_applications_company_id_source_type_source_qb_id_line_pk" PRIMARY KEY("company_id","source_type","source_qb_id","line")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"company_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"qb_id" text NOT NULL,
	"sync_token" text NOT NULL,
	"qb_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_qb_id" text NOT NULL,
	"txn_date" date NOT NULL,
	"currency" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"unapplied_cents" bigint NOT NULL,
	CONSTRAINT "payments_company_id_qb_id_pk" PRIMARY KEY("company_id","qb_id")
);
--> statement-breakpoint
CREATE TABLE "qbo_connect_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '10 minutes' NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qbo_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"realm_id" text NOT NULL,
	"status" text NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"error_message" text,
	"cdc_cursor" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"sync_lease_until" timestamp with time zone,
	"sync_lease_owner" text,
	"sync_progress" jsonb,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbo_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_connect_states" ADD CONSTRAINT "qbo_connect_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_connections" ADD CONSTRAINT "qbo_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_memos_company_customer" ON "credit_memos" USING btree ("company_id","customer_qb_id");--> statement-breakpoint
CREATE INDEX "customers_company_name" ON "customers" USING btree ("company_id","display_name");--> statement-breakpoint
CREATE INDEX "invoices_company_customer" ON "invoices" USING btree ("company_id","customer_qb_id");--> statement-breakpoint
CREATE INDEX "invoices_company_due_open" ON "invoices" USING btree ("company_id","due_date") WHERE "invoices"."balance_cents" > 0 and "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_company_doc" ON "invoices" USING btree ("company_id","doc_number");--> statement-breakpoint
CREATE INDEX "payment_applications_invoice" ON "payment_applications" USING btree ("company_id","invoice_qb_id");--> statement-breakpoint
CREATE INDEX "payments_company_customer" ON "payments" USING btree ("company_id","customer_qb_id","txn_date");