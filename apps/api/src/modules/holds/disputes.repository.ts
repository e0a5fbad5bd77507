/** Disputes: at most one open per invoice; the invoice is not chased until a user resolves it. */
import { and, eq, isNull } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { invoiceDisputes } from "../../db/schema/index.ts";

export type DisputeRow = typeof invoiceDisputes.$inferSelect;

const open = (companyId: string) =>
  and(eq(invoiceDisputes.companyId, companyId), isNull(invoiceDisputes.resolvedAt));

/** The open disputes of a company, or of these invoices. */
export function openDisputes(db: DbOrTx, companyId: string, invoiceIds?: string[]) {
  if (invoiceIds?.length === 0) return Promise.resolve([] as DisputeRow[]);
  return db
    .select()
    .from(invoiceDisputes)
    .where(and(open(companyId), invoiceIds ? anyOf(invoiceDisputes.invoiceQbId, invoiceIds) : undefined));
}

/** Opens a dispute; answers null when the invoice already has an open one. */
export async function openDispute(
  db: DbOrTx,
  d: Pick<DisputeRow, "companyId" | "invoiceQbId" | "customerQbId" | "reason" | "message" | "source"> & {
    by: string | null;
    at: Date;
  },
) {
  const { by, at, ...row } = d;
  const [inserted] = await db
    .insert(invoiceDisputes)
    .values({ ...row, createdBy: by, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/** Resolves the open dispute of an invoice; answers it, or null when there was none. */
export async function resolveDispute(db: DbOrTx, companyId: string, invoiceId: string, by: string, at: Date) {
  const [row] = await db
    .update(invoiceDisputes)
    .set({ resolvedAt: at, resolvedBy: by })
    .where(and(open(companyId), eq(invoiceDisputes.invoiceQbId, invoiceId)))
    .returning();
  return row ?? null;
}
