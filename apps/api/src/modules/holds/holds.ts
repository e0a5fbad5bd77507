/** An invoice's holds as the rest of the app reads them: the open promise and the open dispute. */
import {
  holdMessages,
  type InvoiceDispute,
  type InvoicePromise,
  MAX_PROMISE_DAYS_AHEAD,
} from "@recoup/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { addDays } from "../../lib/dates.ts";
import { type DisputeRow, openDisputes } from "./disputes.repository.ts";
import { openPromises, type PromiseRow } from "./promises.repository.ts";

/** Why a promise's date cannot be taken, or null: from today (company time zone) to 90 days ahead. */
export function promiseDateProblem(date: string, today: string): string | null {
  if (date < today) return holdMessages.dateInPast;
  if (date > addDays(today, MAX_PROMISE_DAYS_AHEAD)) return holdMessages.dateTooFar;
  return null;
}

/**
 * An open promise holds the chase through its date (company time zone); once the date has passed
 * it is missed, and chasing resumes.
 */
export const inForce = (p: Pick<PromiseRow, "promisedFor">, today: string) => p.promisedFor >= today;

const toPromise = (p: PromiseRow, today: string): InvoicePromise => ({
  date: p.promisedFor,
  note: p.note,
  source: p.source,
  missed: !inForce(p, today),
  recordedAt: p.createdAt.toISOString(),
});
const toDispute = (d: DisputeRow): InvoiceDispute => ({
  reason: d.reason,
  message: d.message,
  source: d.source,
  openedAt: d.createdAt.toISOString(),
});

export interface Holds {
  promises: Map<string, PromiseRow>;
  disputes: Map<string, DisputeRow>;
}

/** The open promises and disputes of these invoices (or of every invoice of the company). */
export async function holdsOn(db: DbOrTx, companyId: string, invoiceIds?: string[]): Promise<Holds> {
  // One after another: inside a transaction they share one connection.
  const promises = await openPromises(db, companyId, invoiceIds);
  const disputes = await openDisputes(db, companyId, invoiceIds);
  return {
    promises: new Map(promises.map((p) => [p.invoiceQbId, p])),
    disputes: new Map(disputes.map((d) => [d.invoiceQbId, d])),
  };
}

/** An invoice's open promise and dispute in full, as its thread and a user's actions show them. */
export function holdDetails(holds: Holds, invoiceId: string, today: string) {
  const p = holds.promises.get(invoiceId);
  const d = holds.disputes.get(invoiceId);
  return { promise: p ? toPromise(p, today) : null, dispute: d ? toDispute(d) : null };
}

/**
 * The badges lists show for an invoice: 'Promised for <date>' (or missed) and 'Disputed'. Only on
 * an open invoice: a paid one's promise or dispute is history.
 */
export function holdBadges(holds: Holds, invoice: { id: string; balanceCents: number }, today: string) {
  const p = invoice.balanceCents > 0 ? holds.promises.get(invoice.id) : undefined;
  const d = invoice.balanceCents > 0 ? holds.disputes.get(invoice.id) : undefined;
  return {
    promise: p ? { date: p.promisedFor, missed: !inForce(p, today) } : null,
    dispute: d ? { reason: d.reason, openedAt: d.createdAt.toISOString() } : null,
  };
}
