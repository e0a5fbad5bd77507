import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const cents = () => bigint({ mode: "number" });
/** QuickBooks' ExchangeRate (home currency per unit of the record's currency); null in the home currency. */
const exchangeRate = () => numeric();
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What the lists search, as one text per row for a trigram index (`ILIKE '%…%'`); the queries
 * use the same expression so the index applies. The unit separator keeps fields apart.
 */
const searchText = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || chr(31) || `,
  );
export const invoiceSearchText = (t: {
  docNumber: AnyPgColumn;
  customerName: AnyPgColumn;
  email: AnyPgColumn;
}) => searchText(t.docNumber, t.customerName, t.email);
export const customerSearchText = (t: { displayName: AnyPgColumn; email: AnyPgColumn }) =>
  searchText(t.displayName, t.email);

const company = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

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

const synced = {
  companyId: company(),
  realmId: text().notNull(),
  qbId: text().notNull(),
  syncToken: text().notNull(),
  qbUpdatedAt: timestamp({ withTimezone: true }).notNull(),
  deletedAt: timestamp({ withTimezone: true }),
  syncedAt: now(),
};

export const customers = pgTable(
  "customers",
  {
    ...synced,
    displayName: text().notNull(),
    companyName: text(),
    email: text(),
    phone: text(),
    currency: text().notNull(),
    balanceCents: cents().notNull(),
    active: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("customers_company_name").on(t.companyId, t.displayName),
    index("customers_search_trgm").using("gin", sql`(${customerSearchText(t)}) gin_trgm_ops`),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    ...synced,
    docNumber: text(),
    customerQbId: text().notNull(),
    customerName: text(),
    txnDate: date().notNull(),
    dueDate: date(),
    currency: text().notNull(),
    totalCents: cents().notNull(),
    balanceCents: cents().notNull(),
    email: text(),
    voided: boolean().notNull().default(false),
    exchangeRate: exchangeRate(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("invoices_company_customer").on(t.companyId, t.customerQbId),
    index("invoices_company_due_open")
      .on(t.companyId, t.dueDate)
      .where(sql`${t.balanceCents} > 0 and ${t.deletedAt} is null`),
    index("invoices_company_doc").on(t.companyId, t.docNumber),
    // The invoice list: one index per sort, live rows only, ending in the tie-break.
    ...(["docNumber", "customerName", "txnDate", "dueDate", "totalCents", "balanceCents"] as const).map(
      (key) =>
        index(`invoices_list_${snake(key)}`)
          .on(t.companyId, t[key], t.qbId)
          .where(sql`${t.deletedAt} is null`),
    ),
    // Customers, aging and dashboard: every open balance of a company, read from the index alone.
    index("invoices_open_by_customer")
      .on(t.companyId, t.customerQbId, t.currency, t.dueDate, t.balanceCents, t.exchangeRate)
      .where(sql`${t.balanceCents} > 0 and ${t.deletedAt} is null and not ${t.voided}`),
    // The dashboard's sales by date (DSO, CEI), read from the index alone.
    index("invoices_sales")
      .on(t.companyId, t.txnDate, t.currency, t.totalCents, t.exchangeRate, t.balanceCents, t.qbId)
      .where(sql`${t.deletedAt} is null and not ${t.voided}`),
    // Recent activity: the latest voided invoices.
    index("invoices_voided")
      .on(t.companyId, t.qbUpdatedAt)
      .where(sql`${t.voided} and ${t.deletedAt} is null`),
    index("invoices_search_trgm").using("gin", sql`(${invoiceSearchText(t)}) gin_trgm_ops`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    ...synced,
    customerQbId: text().notNull(),
    txnDate: date().notNull(),
    currency: text().notNull(),
    totalCents: cents().notNull(),
    unappliedCents: cents().notNull(),
    exchangeRate: exchangeRate(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("payments_company_customer").on(t.companyId, t.customerQbId, t.txnDate),
    // Collected in a period and the latest payments, read from the index alone.
    index("payments_company_date")
      .on(t.companyId, t.txnDate, t.qbId, t.currency, t.totalCents, t.exchangeRate)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Which invoices a payment or credit memo paid, and how much of each. */
export const paymentApplications = pgTable(
  "payment_applications",
  {
    companyId: company(),
    sourceType: text({ enum: ["Payment", "CreditMemo"] }).notNull(),
    sourceQbId: text().notNull(),
    invoiceQbId: text().notNull(),
    amountCents: cents().notNull(),
    line: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.sourceType, t.sourceQbId, t.line] }),
    index("payment_applications_invoice").on(t.companyId, t.invoiceQbId),
  ],
);

export const creditMemos = pgTable(
  "credit_memos",
  {
    ...synced,
    docNumber: text(),
    customerQbId: text().notNull(),
    txnDate: date().notNull(),
    currency: text().notNull(),
    totalCents: cents().notNull(),
    remainingCents: cents().notNull(),
    exchangeRate: exchangeRate(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("credit_memos_company_customer").on(t.companyId, t.customerQbId),
  ],
);
