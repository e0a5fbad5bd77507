import type { PlannedStage, SentReminderKind } from "@recoup/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /**
     * From which overdue reminder of an invoice (1st, 2nd...) its customer's 'Escalation' contacts
     * are copied (decision 0018); null: never.
     */
    escalateFrom: integer(),
    /**
     * A customer's reminders due in the same run go as one email (decision 0021). The migration
     * left existing companies off; new ones start on.
     */
    combineReminders: boolean().notNull().default(true),
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
    /** A template type, "manual", or a company schedule's own stage (`stage:<uuid>`, issue 18). */
    stage: text().$type<SentReminderKind>().notNull(),
    cycle: integer().notNull(),
    /** The date the schedule gave it (before a weekend move); null for a manual send. */
    scheduledFor: date(),
    /** The template it is written from (a manual send: the one it started from); a schedule's own stage: its key. */
    templateType: text().$type<PlannedStage>().notNull(),
    status: text({ enum: ["queued", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    messageId: text().notNull(),
    /**
     * The reminders of one customer decided in the same run and sent as one email (decision 0021):
     * the lowest of their ids, shared with their Message-ID; null when sent on its own.
     */
    groupId: uuid(),
    /** Decided: the To the rules gave then; once sent, the addresses it went to (comma-separated, as CC and BCC). */
    toAddress: text().notNull(),
    ccAddress: text().notNull().default(""),
    bccAddress: text().notNull().default(""),
    /** A manual send's To and CC as the user chose them (kept at send time), not the rules'. */
    chosenRecipients: boolean().notNull().default(false),
    /** Who was not written to and why (a bounced or invalid address, the CC cap). */
    note: text(),
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

/**
 * A company's own reminder schedules (issue 18, decision 0016). The default schedule is implicit:
 * the spec's three templates and the company's follow-up interval, unless one of these is marked
 * `isDefault`. `stages` is `ScheduleStage[]` (modules/reminders/stages.ts): each stage's key
 * (`stage:<uuid>`), its timing, and its template (its own subject and body, or one of the company's
 * standard templates by type).
 */
export const reminderSchedules = pgTable(
  "reminder_schedules",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    name: text().notNull(),
    stages: jsonb().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex("reminder_schedules_name").on(t.companyId, t.name),
    uniqueIndex("reminder_schedules_default").on(t.companyId).where(sql`${t.isDefault}`),
  ],
);

/** Every change to a schedule: who, when, and what (`change`: the action and the fields before and after). */
export const reminderScheduleChanges = pgTable(
  "reminder_schedule_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    /** Kept after the schedule is deleted, so the audit of a deletion remains. */
    scheduleId: uuid().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    at: now(),
    change: jsonb().notNull(),
  },
  (t) => [index("reminder_schedule_changes_schedule").on(t.companyId, t.scheduleId, t.at)],
);

/**
 * A customer's own schedule (it wins over its tags'): one of the company's schedules, the default
 * one ('standard'), or none ('Don't chase this customer'). No row: the tags decide, else the default.
 */
export const customerReminderSchedules = pgTable(
  "customer_reminder_schedules",
  {
    companyId: company(),
    customerQbId: text().notNull(),
    choice: text({ enum: ["schedule", "standard", "none"] }).notNull(),
    /** Set when `choice` is 'schedule'. A schedule in use cannot be deleted. */
    scheduleId: uuid().references(() => reminderSchedules.id),
    updatedAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.customerQbId] }),
    index("customer_reminder_schedules_schedule").on(t.scheduleId),
  ],
);

/** A schedule given to every customer with a tag (a customer's own choice wins). */
export const tagReminderSchedules = pgTable(
  "tag_reminder_schedules",
  {
    companyId: company(),
    tag: text().notNull(),
    scheduleId: uuid()
      .notNull()
      .references(() => reminderSchedules.id),
    updatedAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.tag] }),
    index("tag_reminder_schedules_schedule").on(t.scheduleId),
  ],
);
