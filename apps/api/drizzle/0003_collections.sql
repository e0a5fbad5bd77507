CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "customer_profiles" (
	"company_id" uuid NOT NULL,
	"customer_qb_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_profiles_company_id_customer_qb_id_pk" PRIMARY KEY("company_id","customer_qb_id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"invoice_qb_id" text,
	"customer_qb_id" text,
	"content" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_memos" ADD COLUMN "exchange_rate" numeric;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exchange_rate" numeric;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "exchange_rate" numeric;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_invoice" ON "notes" USING btree ("company_id","invoice_qb_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_customer" ON "notes" USING btree ("company_id","customer_qb_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ((coalesce("display_name", '') || chr(31) || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_list_doc_number" ON "invoices" USING btree ("company_id","doc_number","qb_id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_list_customer_name" ON "invoices" USING btree ("company_id","customer_name","qb_id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_list_txn_date" ON "invoices" USING btree ("company_id","txn_date","qb_id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_list_due_date" ON "invoices" USING btree ("company_id","due_date","qb_id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_list_total_cents" ON "invoices" USING btree ("company_id","total_cents","qb_id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_list_balance_cents" ON "invoices" USING btree ("company_id","balance_cents","qb_id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_open_by_customer" ON "invoices" USING btree ("company_id","customer_qb_id","currency","due_date","balance_cents","exchange_rate") WHERE "invoices"."balance_cents" > 0 and "invoices"."deleted_at" is null and not "invoices"."voided";--> statement-breakpoint
CREATE INDEX "invoices_sales" ON "invoices" USING btree ("company_id","txn_date","currency","total_cents","exchange_rate","balance_cents","qb_id") WHERE "invoices"."deleted_at" is null and not "invoices"."voided";--> statement-breakpoint
CREATE INDEX "invoices_voided" ON "invoices" USING btree ("company_id","qb_updated_at") WHERE "invoices"."voided" and "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_search_trgm" ON "invoices" USING gin ((coalesce("doc_number", '') || chr(31) || coalesce("customer_name", '') || chr(31) || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_company_date" ON "payments" USING btree ("company_id","txn_date","qb_id","currency","total_cents","exchange_rate") WHERE "payments"."deleted_at" is null;