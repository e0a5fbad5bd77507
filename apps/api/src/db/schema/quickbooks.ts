import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";

/** A company's link to one QuickBooks realm. Tokens rest sealed (AES-256-GCM). */
export const qboConnections = pgTable("qbo_connections", {
  companyId: company().primaryKey(),
  realmId: text().notNull(),
  status: text({ enum: ["connected", "error", "disconnected"] }).notNull(),
  accessTokenSealed: text(),
  refreshTokenSealed: text(),
  accessExpiresAt: timestamp({ withTimezone: true }),
  refreshExpiresAt: timestamp({ withTimezone: true }),
  errorMessage: text(),
  /** Change-data-capture cursor: the server time of the last complete sync. */
  cdcCursor: timestamp({ withTimezone: true }),
  lastSyncAt: timestamp({ withTimezone: true }),
  /** A lease so only one sync per company runs at a time, across worker processes. */
  syncLeaseUntil: timestamp({ withTimezone: true }),
  syncLeaseOwner: text(),
  /** Progress of the running sync, for the Integrations page. */
  syncProgress: jsonb().$type<SyncProgress>(),
  connectedAt: now(),
  /**
   * When the company last stopped using a connection: disconnected, or connected to another
   * QuickBooks company. Links to customer pages made before it no longer open (their customer ids
   * may be another company's); a reconnect after an error leaves it alone.
   */
  endedAt: timestamp({ withTimezone: true }),
  updatedAt: now(),
});

export interface SyncProgress {
  mode: "full" | "incremental";
  phase: string;
  counts: Record<string, number>;
  startedAt: string;
  finishedAt?: string;
  error?: string;
}

/** One pending connect round trip: random single-use state bound to the user. */
export const qboConnectStates = pgTable("qbo_connect_states", {
  state: text().primaryKey(),
  userId: uuid().notNull(),
  companyId: company(),
  createdAt: now(),
  expiresAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '10 minutes'`),
  usedAt: timestamp({ withTimezone: true }),
});

/** Webhook notifications already handled, so a duplicate delivery does nothing twice. */
export const qboWebhookEvents = pgTable("qbo_webhook_events", {
  id: text().primaryKey(),
  receivedAt: now(),
});

/**
 * Requests to a realm's Accounting API in the last two minutes, from every process: Intuit allows
 * 500 a minute and 10 in flight per realm and app, so the budget lives here, not in memory
 * (decision 0025). Rows older than Intuit's 120-second cut-off are deleted as calls are taken.
 */
export const qboCalls = pgTable(
  "qbo_calls",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    realmId: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null while the request is in flight (or its process died: then it counts until it is 130 s old). */
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("qbo_calls_realm_started").on(t.realmId, t.startedAt)],
);
