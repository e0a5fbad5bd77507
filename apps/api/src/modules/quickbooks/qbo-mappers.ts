import type {
  creditMemos,
  customers,
  invoices,
  paymentApplications,
  payments,
} from "../../db/schema/index.ts";
import type {
  QboCreditMemo,
  QboCustomer,
  QboInvoice,
  QboMeta,
  QboPayment,
} from "../../integrations/quickbooks/records.ts";

/** Turns QuickBooks records into rows of the tables they are stored in (a renamed column fails the build). */

function base(e: QboMeta, companyId: string, realmId: string) {
  return {
    companyId,
    realmId,
    qbId: e.id,
    syncToken: e.syncToken,
    qbUpdatedAt: e.lastUpdated,
    deletedAt: null,
    syncedAt: new Date(),
  };
}

export function customerRow(
  e: QboCustomer,
  companyId: string,
  realmId: string,
): typeof customers.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    displayName: e.displayName,
    companyName: e.companyName,
    email: e.email,
    phone: e.phone,
    currency: e.currency,
    balanceCents: e.balanceCents,
    active: e.active,
  };
}

export function invoiceRow(e: QboInvoice, companyId: string, realmId: string): typeof invoices.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    docNumber: e.docNumber,
    customerQbId: e.customerId,
    customerName: e.customerName,
    txnDate: e.txnDate,
    dueDate: e.dueDate,
    currency: e.currency,
    totalCents: e.totalCents,
    balanceCents: e.balanceCents,
    email: e.email,
    // QuickBooks voids an invoice by zeroing it and noting "Voided" in its private note.
    voided: /^voided\b/i.test(e.privateNote ?? ""),
    exchangeRate: e.exchangeRate,
  };
}

export function paymentRow(e: QboPayment, companyId: string, realmId: string): typeof payments.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    customerQbId: e.customerId,
    txnDate: e.txnDate,
    currency: e.currency,
    totalCents: e.totalCents,
    unappliedCents: e.unappliedCents,
    exchangeRate: e.exchangeRate,
  };
}

export function creditMemoRow(
  e: QboCreditMemo,
  companyId: string,
  realmId: string,
): typeof creditMemos.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    docNumber: e.docNumber,
    customerQbId: e.customerId,
    txnDate: e.txnDate,
    currency: e.currency,
    totalCents: e.totalCents,
    remainingCents: e.remainingCents,
    exchangeRate: e.exchangeRate,
  };
}

/** The invoices a payment or credit memo pays: each line's amount against its linked invoice. */
export function paymentApplicationRows(
  e: QboPayment | QboCreditMemo,
  companyId: string,
  sourceType: "Payment" | "CreditMemo",
): (typeof paymentApplications.$inferInsert)[] {
  return e.applications.map((a) => ({
    companyId,
    sourceType,
    sourceQbId: e.id,
    invoiceQbId: a.invoiceId,
    amountCents: a.amountCents,
    line: a.line,
  }));
}
