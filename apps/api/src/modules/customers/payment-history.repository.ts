import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditMemos, invoices, paymentApplications, payments } from "../../db/schema/index.ts";

/** A customer's payments and credit memos (newest first), with what each applied to which invoice. */
export async function paymentHistory(db: DbOrTx, companyId: string, customerRef: string) {
  const [pays, memos] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.companyId, companyId),
          eq(payments.customerQbId, customerRef),
          isNull(payments.deletedAt),
        ),
      ),
    db
      .select()
      .from(creditMemos)
      .where(
        and(
          eq(creditMemos.companyId, companyId),
          eq(creditMemos.customerQbId, customerRef),
          isNull(creditMemos.deletedAt),
        ),
      ),
  ]);
  const sourceIds = [...pays, ...memos].map((s) => s.qbId);
  const applied = sourceIds.length
    ? await db
        .select({
          sourceType: paymentApplications.sourceType,
          sourceQbId: paymentApplications.sourceQbId,
          invoiceId: paymentApplications.invoiceQbId,
          docNumber: invoices.docNumber,
          amountCents: paymentApplications.amountCents,
        })
        .from(paymentApplications)
        .leftJoin(
          invoices,
          and(
            eq(invoices.companyId, paymentApplications.companyId),
            eq(invoices.qbId, paymentApplications.invoiceQbId),
          ),
        )
        .where(
          and(
            eq(paymentApplications.companyId, companyId),
            inArray(paymentApplications.sourceQbId, sourceIds),
          ),
        )
        .orderBy(paymentApplications.line)
    : [];
  return { payments: pays, creditMemos: memos, applied };
}
