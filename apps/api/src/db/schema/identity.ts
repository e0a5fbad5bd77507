import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { now } from "./columns.ts";
import { companies } from "./companies.ts";
import { bytea } from "./types.ts";

export const users = pgTable("users", {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lower-cased; unique. */
  email: text().notNull().unique(),
  name: text().notNull(),
  passwordHash: text(),
  emailVerifiedAt: timestamp({ withTimezone: true }),
  companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
  profilePic: bytea(),
  profilePicType: text(),
  createdAt: now(),
  updatedAt: now(),
});

/** A sign-in through Google or Intuit, keyed on (provider, subject), never on email. */
export const identities = pgTable(
  "identities",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    subject: text().notNull(),
    email: text(),
    createdAt: now(),
  },
  (t) => [uniqueIndex("identities_provider_subject").on(t.provider, t.subject), index().on(t.userId)],
);

/** One sign-in; its refresh tokens form a family. Revoking it ends every token of the family. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: now(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index().on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    createdAt: now(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.sessionId)],
);

/** Emailed 6-digit codes: email verification, password reset, a new browser's login. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: ["verify_email", "reset_password", "login"] }).notNull(),
    /** HMAC-SHA256 keyed with the server secret over (id, code). */
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [index().on(t.userId, t.purpose, t.createdAt)],
);

/** Fixed-window counters shared by every API process (failed logins, codes issued). */
export const rateCounters = pgTable("rate_counters", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  count: integer().notNull().default(0),
});

/** One OAuth round trip: state, nonce and PKCE verifier, bound to the browser by a cookie. */
export const oauthTransactions = pgTable("oauth_transactions", {
  id: text().primaryKey(),
  provider: text().notNull(),
  state: text().notNull(),
  nonce: text().notNull(),
  codeVerifier: text().notNull(),
  createdAt: now(),
  expiresAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '10 minutes'`),
  usedAt: timestamp({ withTimezone: true }),
});
