/**
 * Promises to pay: at most one open per invoice. Recording a new one ends the open one
 * ('changed'); cancelling ends it; the planner marks it missed when it decides 'Missed Promise'.
 */
import { and, eq, isNull } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { invoicePromises } from "../../db/schema/index.ts";

export type PromiseRow = typeof invoicePromises.$inferSelect;
type Source = PromiseRow["source"];

const open = (companyId: string) =>
  and(eq(invoicePromises.companyId, companyId), isNull(invoicePromises.endedAt));

/** The open promises of a company, or of these invoices. */
export function openPromises(db: DbOrTx, companyId: string, invoiceIds?: string[]) {
  if (invoiceIds?.length === 0) return Promise.resolve([] as PromiseRow[]);
  return db
    .select()
    .from(invoicePromises)
    .where(and(open(companyId), invoiceIds ? anyOf(invoicePromises.invoiceQbId, invoiceIds) : undefined));
}

/** Records a promise on each invoice, ending (as 'changed') any open one first. */
export async function recordPromises(
  db: DbOrTx,
  p: {
    companyId: string;
    invoices: { id: string; customerRef: string }[];
    date: string;
    note: string | null;
    source: Source;
    by: string | null;
    at: Date;
  },
) {
  const ids = p.invoices.map((i) => i.id);
  const replaced = await endPromises(db, p.companyId, ids, { reason: "changed", by: p.by, at: p.at });
  const rows = await db
    .insert(invoicePromises)
    .values(
      p.invoices.map((i) => ({
        companyId: p.companyId,
        invoiceQbId: i.id,
        customerQbId: i.customerRef,
        promisedFor: p.date,
        note: p.note,
        source: p.source,
        createdBy: p.by,
        createdAt: p.at,
      })),
    )
    .returning();
  return { rows, replaced };
}

/** Ends the open promises of these invoices; answers the ones ended. */
export function endPromises(
  db: DbOrTx,
  companyId: string,
  invoiceIds: string[],
  end: { reason: "changed" | "cancelled"; by: string | null; at: Date },
) {
  if (invoiceIds.length === 0) return Promise.resolve([] as PromiseRow[]);
  return db
    .update(invoicePromises)
    .set({ endedAt: end.at, endReason: end.reason, endedBy: end.by })
    .where(and(open(companyId), anyOf(invoicePromises.invoiceQbId, invoiceIds)))
    .returning();
}

/** The planner decided 'Missed Promise' for these invoices: their open promises are missed. */
export async function markMissed(db: DbOrTx, companyId: string, invoiceIds: string[], at: Date) {
  if (invoiceIds.length === 0) return;
  await db
    .update(invoicePromises)
    .set({ missedAt: at })
    .where(
      and(open(companyId), isNull(invoicePromises.missedAt), anyOf(invoicePromises.invoiceQbId, invoiceIds)),
    );
}
