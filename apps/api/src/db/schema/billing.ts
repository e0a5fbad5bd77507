import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { now } from "./columns.ts";
import { companies } from "./companies.ts";

/**
 * A company's plan as the payment provider last said it (one row a company, made at onboarding).
 * Instants are in the app's time: a customer on a test clock has its provider times moved back by
 * `clockOffsetSeconds` (how far its clock was advanced), so a trial ended on the clock has ended here.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** active, trialing, past_due, canceled, or the provider's own word for anything else. */
    status: text().notNull(),
    planName: text().notNull(),
    /** The end of the company's first trial; kept when a later subscription has none. */
    trialEnd: timestamp({ withTimezone: true }),
    /** Renewal (the current period's end), or when a canceled subscription ended. */
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAt: timestamp({ withTimezone: true }),
    amountCents: integer(),
    currency: text(),
    interval: text(),
    /** Invoices reminded a month on the plan; null: no limit (the trial). */
    usageLimit: integer(),
    providerCustomerId: text(),
    providerSubscriptionId: text(),
    providerPriceId: text(),
    providerTestClockId: text(),
    clockOffsetSeconds: integer().notNull().default(0),
    /** When the state above was read from the provider: an older read never overwrites a newer one. */
    providerReadAt: timestamp({ withTimezone: true }),
    /** The calendar month (YYYY-MM, UTC) whose usage-limit email the owner was sent. */
    limitNoticeMonth: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex("subscriptions_company").on(t.companyId),
    index().on(t.status),
    uniqueIndex("subscriptions_provider_customer").on(t.providerCustomerId),
  ],
);

/** Each provider event handled once: its id is inserted in the transaction of its effect. */
export const billingEvents = pgTable("billing_events", {
  eventId: text().primaryKey(),
  type: text().notNull(),
  /** The event's own time (`created`), as the provider stamped it. */
  providerCreatedAt: timestamp({ withTimezone: true }).notNull(),
  /** Whether it named a customer of ours (unknown ones are recorded and ignored). */
  matched: boolean().notNull(),
  receivedAt: now(),
});
