CREATE TABLE "customer_reminder_schedules" (
	"company_id" uuid NOT NULL,
	"customer_qb_id" text NOT NULL,
	"choice" text NOT NULL,
	"schedule_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_reminder_schedules_company_id_customer_qb_id_pk" PRIMARY KEY("company_id","customer_qb_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_schedule_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"change" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stages" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_reminder_schedules" (
	"company_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"schedule_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_reminder_schedules_company_id_tag_pk" PRIMARY KEY("company_id","tag")
);
--> statement-breakpoint
ALTER TABLE "customer_reminder_schedules" ADD CONSTRAINT "customer_reminder_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reminder_schedules" ADD CONSTRAINT "customer_reminder_schedules_schedule_id_reminder_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."reminder_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule_changes" ADD CONSTRAINT "reminder_schedule_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule_changes" ADD CONSTRAINT "reminder_schedule_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_reminder_schedules" ADD CONSTRAINT "tag_reminder_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_reminder_schedules" ADD CONSTRAINT "tag_reminder_schedules_schedule_id_reminder_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."reminder_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_reminder_schedules_schedule" ON "customer_reminder_schedules" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "reminder_schedule_changes_schedule" ON "reminder_schedule_changes" USING btree ("company_id","schedule_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_schedules_name" ON "reminder_schedules" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_schedules_default" ON "reminder_schedules" USING btree ("company_id") WHERE "reminder_schedules"."is_default";--> statement-breakpoint
CREATE INDEX "tag_reminder_schedules_schedule" ON "tag_reminder_schedules" USING btree ("schedule_id");