ALTER TABLE "qbo_connections" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- Until now a link made before the last connect did not open: keep that for the links there are.
UPDATE "qbo_connections" SET "ended_at" = "connected_at";
