import {
  creditMemos,
  customers,
  invoices,
  type paymentApplications,
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

type Row<T extends { $inferInsert: object }> = T["$inferInsert"];

/**
 * A record's mapper into `table`'s rows: the columns every synced row has, the record's fields the
 * table keeps under the same names (`same`), and its other columns (`other`). Each name is checked
 * against both, so a renamed field or column fails the build (an optional column that `other`
 * writes: with `satisfies`).
 */
function mapper<T extends { $inferInsert: object }, E extends QboMeta, K extends keyof E & keyof Row<T>>(
  _table: T,
  same: readonly K[],
  other: (e: E) => Omit<Row<T>, K | keyof ReturnType<typeof base>>,
) {
  return (e: E, companyId: string, realmId: string): Row<T> => {
    const copied = Object.fromEntries(same.map((key) => [key, e[key]])) as Pick<E, K>;
    return { ...base(e, companyId, realmId), ...copied, ...other(e) } as Row<T>;
  };
}

export const customerRow = mapper(
  customers,
  ["displayName", "companyName", "email", "phone", "currency", "balanceCents", "active"],
  (_: QboCustomer) => ({}),
);

/** A page's customers as the contacts module keeps them in step: their addresses now. */
export const customerAddresses = (page: QboCustomer[]) =>
  page.map((c) => ({ customerRef: c.id, updatedAt: c.lastUpdated, deleted: c.deleted, addresses: c.emails }));

export const invoiceRow = mapper(
  invoices,
  [
    "docNumber",
    "customerName",
    "txnDate",
    "dueDate",
    "currency",
    "totalCents",
    "balanceCents",
    "email",
    "billEmailCc",
    "billEmailBcc",
  ],
  (e: QboInvoice) =>
    ({
      customerQbId: e.customerId,
      // QuickBooks voids an invoice by zeroing it and noting "Voided" in its private note.
      voided: /^voided\b/i.test(e.privateNote ?? ""),
      exchangeRate: e.exchangeRate,
    }) satisfies Partial<Row<typeof invoices>>,
);

export const paymentRow = mapper(
  payments,
  ["txnDate", "currency", "totalCents", "unappliedCents", "exchangeRate"],
  (e: QboPayment) => ({ customerQbId: e.customerId }),
);

export const creditMemoRow = mapper(
  creditMemos,
  ["docNumber", "txnDate", "currency", "totalCents", "remainingCents", "exchangeRate"],
  (e: QboCreditMemo) => ({ customerQbId: e.customerId }),
);

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
