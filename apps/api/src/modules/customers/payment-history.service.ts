import type { PaymentHistoryItem } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { byId } from "../receivables/index.ts";
import { assertOwnRealm, type CustomerOf, existingCustomer } from "./customer-access.ts";
import * as paymentHistoryRepo from "./payment-history.repository.ts";

export async function paymentHistory(
  ctx: AppContext,
  companyId: string,
  { realmId, customerRef }: CustomerOf,
): Promise<PaymentHistoryItem[]> {
  await assertOwnRealm(ctx, companyId, realmId);
  await existingCustomer(ctx, companyId, customerRef);
  const found = await paymentHistoryRepo.paymentHistory(ctx.db, companyId, customerRef);
  const appliedBy = (type: PaymentHistoryItem["type"], id: string) =>
    found.applied
      .filter((a) => a.sourceType === type && a.sourceQbId === id)
      .map((a) => ({ invoiceId: a.invoiceId, docNumber: a.docNumber, amountCents: a.amountCents }));
  const items: PaymentHistoryItem[] = [
    ...found.payments.map((p) => ({
      id: p.qbId,
      type: "Payment" as const,
      date: p.txnDate,
      currency: p.currency,
      amountCents: p.totalCents,
      unappliedCents: p.unappliedCents,
      applied: appliedBy("Payment", p.qbId),
    })),
    ...found.creditMemos.map((m) => ({
      id: m.qbId,
      type: "CreditMemo" as const,
      date: m.txnDate,
      currency: m.currency,
      amountCents: m.totalCents,
      unappliedCents: m.remainingCents,
      applied: appliedBy("CreditMemo", m.qbId),
    })),
  ];
  return items.sort((a, b) => (a.date === b.date ? byId(b.id, a.id) : a.date < b.date ? 1 : -1));
}
