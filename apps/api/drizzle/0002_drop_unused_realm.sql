ALTER TABLE "companies" DROP COLUMN "realm_id";--> statement-breakpoint
ALTER TABLE "identities" DROP COLUMN "realm_id";