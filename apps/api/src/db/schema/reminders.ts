import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";
import { users } from "./identity.ts";

/** A company's automatic reminders; no row reads as the defaults (off, 09:00, weekdays only). */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    companyId: company().primaryKey(),
    enabled: boolean().notNull().default(false),
    /** "HH:MM" in the company's time zone: when the day's window opens. */
    sendTime: text().notNull().default("09:00"),
    weekdaysOnly: boolean().notNull().default(true),
    /** Each reminder carries the invoice's PDF, fetched from QuickBooks when it is sent. */
    attachInvoicePdf: boolean().notNull().default(true),
    enabledAt: timestamp({ withTimezone: true }),
    /** Why the last planning run sent nothing (e.g. the sync before it failed); null when it could. */
    blockedReason: text(),
    blockedAt: timestamp({ withTimezone: true }),
    lastPlannedAt: timestamp({ withTimezone: true }),
    updatedAt: now(),
  },
  (t) => [index("reminder_settings_enabled").on(t.companyId).where(sql`${t.enabled}`)],
);

/** Reminders paused on one invoice or on a customer (QuickBooks ids), until a local date or resumed. */
export const reminderPauses = pgTable(
  "reminder_pauses",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    scope: text({ enum: ["invoice", "customer"] }).notNull(),
    targetQbId: text().notNull(),
    /** Local date reminders resume; null: until resumed. */
    until: date(),
    /** A person's pause, or one a reply, an out-of-office reply or a bounce set. */
    reason: text({ enum: ["manual", "reply", "away", "bounce"] })
      .notNull()
      .default("manual"),
    /** The bouncing address, or the return date an automatic reply named. */
    detail: text(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
  },
  (t) => [uniqueIndex("reminder_pauses_target").on(t.companyId, t.scope, t.targetQbId)],
);

/**
 * The outbox and log of reminder emails: a row is the decision to send, committed with its send
 * job; the unique key (company, invoice, stage, cycle) makes each reminder happen once. Manual
 * sends are stage "manual" with their own cycle numbers. The Message-ID is fixed at decision time,
 * so a send repeated after a crash carries the same one.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: uuid().primaryKey(),
    companyId: company(),
    invoiceQbId: text().notNull(),
    stage: text({
      enum: ["before_due_date", "on_due_date", "after_due_date", "missed_promise", "manual"],
    }).notNull(),
    cycle: integer().notNull(),
    /** The date the schedule gave it (before a weekend move); null for a manual send. */
    scheduledFor: date(),
    /** The template a manual send started from. */
    templateType: text({
      enum: ["before_due_date", "on_due_date", "after_due_date", "missed_promise"],
    }).notNull(),
    status: text({ enum: ["queued", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    messageId: text().notNull(),
    toAddress: text().notNull(),
    /** Filled when rendered for sending (a manual send: as edited). */
    subject: text().notNull().default(""),
    /** A manual send's edited, sanitised body; automatic ones render their template when sent. */
    html: text(),
    attempts: integer().notNull().default(0),
    error: text(),
    sentBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex("reminders_once").on(t.companyId, t.invoiceQbId, t.stage, t.cycle),
    // An invoice's history, newest decision last; with every column the planner sums up per invoice
    // after the key (drizzle has no INCLUDE), its read is an index-only scan.
    index("reminders_invoice_history").on(
      t.companyId,
      t.invoiceQbId,
      t.decidedAt,
      t.stage,
      t.cycle,
      t.scheduledFor,
      t.status,
      t.sentAt,
    ),
    index("reminders_company_sent").on(t.companyId, t.sentAt).where(sql`${t.status} = 'sent'`),
    index("reminders_company_decided").on(t.companyId, t.decidedAt),
  ],
);
