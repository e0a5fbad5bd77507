/**
 * A statement's figures, worked out from the customer's open items: per currency, the lines in date
 * order with a running balance, the invoices' aging buckets (as the aging report counts them, by days
 * past due on the statement date), the credits, and the balance due.
 */
import { type AgingBucketKey, agingBuckets } from "@recoup/contracts";
import { daysBetween } from "../../lib/dates.ts";

export interface OpenInvoice {
  id: string;
  docNumber: string | null;
  txnDate: string;
  dueDate: string | null;
  currency: string;
  totalCents: number;
  balanceCents: number;
}
export interface OpenCredit {
  kind: "credit_memo" | "payment";
  id: string;
  docNumber: string | null;
  txnDate: string;
  currency: string;
  totalCents: number;
  /** What is left to apply (positive). */
  openCents: number;
}

export interface StatementLine {
  kind: "invoice" | "credit_memo" | "payment";
  /** The document's number (its QuickBooks id when it has none). */
  number: string;
  date: string;
  dueDate: string | null;
  /** The document's total, as issued (positive). */
  totalCents: number;
  /** What it adds to the balance now: an invoice's open balance, a credit's unapplied part (negative). */
  openCents: number;
  balanceCents: number;
  /** Days past due on the statement date (invoices; 0 when not due yet). */
  daysPastDue: number;
}

export interface CurrencySection {
  currency: string;
  lines: StatementLine[];
  buckets: Record<AgingBucketKey, number>;
  invoicedCents: number;
  creditsCents: number;
  balanceCents: number;
}

/** The aging report's bucket for an invoice due on `dueDate`, on `today`: no due date, or not yet due, is Current. */
export function bucketOf(dueDate: string | null, today: string): AgingBucketKey {
  const late = dueDate === null ? 0 : daysBetween(dueDate, today);
  if (late <= 0) return "current";
  if (late <= 30) return "days1to30";
  if (late <= 60) return "days31to60";
  if (late <= 90) return "days61to90";
  return "over90";
}

const emptyBuckets = () =>
  Object.fromEntries(agingBuckets.map((b) => [b.key, 0])) as Record<AgingBucketKey, number>;

/** Kinds in the order they stand on one date: invoices before the credits against them. */
const KIND_ORDER = { invoice: 0, credit_memo: 1, payment: 2 } as const;

export function statementSections(
  invoices: readonly OpenInvoice[],
  credits: readonly OpenCredit[],
  today: string,
): CurrencySection[] {
  const items = [
    ...invoices.map((inv) => ({
      kind: "invoice" as const,
      id: inv.id,
      number: inv.docNumber ?? inv.id,
      date: inv.txnDate,
      dueDate: inv.dueDate,
      currency: inv.currency,
      totalCents: inv.totalCents,
      openCents: inv.balanceCents,
    })),
    ...credits.map((c) => ({
      kind: c.kind,
      id: c.id,
      number: c.docNumber ?? c.id,
      date: c.txnDate,
      dueDate: null,
      currency: c.currency,
      totalCents: c.totalCents,
      openCents: -c.openCents,
    })),
  ].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.id.length - b.id.length ||
      a.id.localeCompare(b.id),
  );
  const sections = new Map<string, CurrencySection>();
  for (const item of items) {
    let s = sections.get(item.currency);
    if (!s) {
      s = {
        currency: item.currency,
        lines: [],
        buckets: emptyBuckets(),
        invoicedCents: 0,
        creditsCents: 0,
        balanceCents: 0,
      };
      sections.set(item.currency, s);
    }
    s.balanceCents += item.openCents;
    const late = item.kind === "invoice" && item.dueDate ? Math.max(0, daysBetween(item.dueDate, today)) : 0;
    if (item.kind === "invoice") {
      s.invoicedCents += item.openCents;
      s.buckets[bucketOf(item.dueDate, today)] += item.openCents;
    } else s.creditsCents += -item.openCents;
    s.lines.push({
      kind: item.kind,
      number: item.number,
      date: item.date,
      dueDate: item.dueDate,
      totalCents: item.totalCents,
      openCents: item.openCents,
      balanceCents: s.balanceCents,
      daysPastDue: late,
    });
  }
  return [...sections.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
