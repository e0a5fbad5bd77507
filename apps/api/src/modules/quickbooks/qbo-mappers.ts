import type { creditMemos, customers, invoices, payments } from "../../db/schema/index.ts";
import type { QboEntity } from "../../integrations/quickbooks/qbo-api.ts";
import { toCents } from "../../lib/money.ts";

/** Turns QuickBooks entities into rows; amounts become integer cents, times become instants. */

type Ref = { value?: string; name?: string } | undefined;
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
const ref = (v: unknown) => (v as Ref)?.value ?? "";
const meta = (e: QboEntity) => (e.MetaData ?? {}) as { LastUpdatedTime?: string };
const currency = (e: QboEntity) => ref(e.CurrencyRef) || "USD";
/** Intuit sends ExchangeRate only on records in another currency than the home one; kept as decimal text. */
const exchangeRate = (e: QboEntity) =>
  typeof e.ExchangeRate === "number" && Number.isFinite(e.ExchangeRate) ? String(e.ExchangeRate) : null;

function base(e: QboEntity, companyId: string, realmId: string) {
  return {
    companyId,
    realmId,
    qbId: e.Id,
    syncToken: String(e.SyncToken ?? "0"),
    qbUpdatedAt: new Date(meta(e).LastUpdatedTime ?? Date.now()),
    deletedAt: null,
    syncedAt: new Date(),
  };
}

export function customerRow(e: QboEntity, companyId: string, realmId: string): typeof customers.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    displayName: str(e.DisplayName) ?? str(e.CompanyName) ?? `Customer ${e.Id}`,
    companyName: str(e.CompanyName),
    email: str((e.PrimaryEmailAddr as { Address?: string })?.Address),
    phone: str((e.PrimaryPhone as { FreeFormNumber?: string })?.FreeFormNumber),
    currency: currency(e),
    balanceCents: toCents(e.Balance as number),
    active: e.Active !== false,
  };
}

export function invoiceRow(e: QboEntity, companyId: string, realmId: string): typeof invoices.$inferInsert {
  const note = str(e.PrivateNote) ?? "";
  return {
    ...base(e, companyId, realmId),
    docNumber: str(e.DocNumber),
    customerQbId: ref(e.CustomerRef),
    customerName: (e.CustomerRef as Ref)?.name ?? null,
    txnDate: String(e.TxnDate),
    dueDate: str(e.DueDate),
    currency: currency(e),
    totalCents: toCents(e.TotalAmt as number),
    balanceCents: toCents(e.Balance as number),
    email: str((e.BillEmail as { Address?: string })?.Address),
    voided: /^voided\b/i.test(note),
    exchangeRate: exchangeRate(e),
  };
}

export function paymentRow(e: QboEntity, companyId: string, realmId: string): typeof payments.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    customerQbId: ref(e.CustomerRef),
    txnDate: String(e.TxnDate),
    currency: currency(e),
    totalCents: toCents(e.TotalAmt as number),
    unappliedCents: toCents(e.UnappliedAmt as number),
    exchangeRate: exchangeRate(e),
  };
}

export function creditMemoRow(
  e: QboEntity,
  companyId: string,
  realmId: string,
): typeof creditMemos.$inferInsert {
  return {
    ...base(e, companyId, realmId),
    docNumber: str(e.DocNumber),
    customerQbId: ref(e.CustomerRef),
    txnDate: String(e.TxnDate),
    currency: currency(e),
    totalCents: toCents(e.TotalAmt as number),
    remainingCents: toCents(e.RemainingCredit as number),
    exchangeRate: exchangeRate(e),
  };
}

interface Line {
  Amount?: number;
  LinkedTxn?: { TxnId: string; TxnType: string }[];
}

/** The invoices a payment pays: each line's amount against its linked invoice. */
export function paymentApplicationRows(
  e: QboEntity,
  companyId: string,
  sourceType: "Payment" | "CreditMemo",
) {
  const lines = (e.Line ?? []) as Line[];
  return lines.flatMap((line, i) =>
    (line.LinkedTxn ?? [])
      .filter((t) => t.TxnType === "Invoice")
      .map((t, j) => ({
        companyId,
        sourceType,
        sourceQbId: e.Id,
        invoiceQbId: t.TxnId,
        amountCents: toCents(line.Amount),
        line: i * 100 + j,
      })),
  );
}

export const isDeleted = (e: QboEntity) => e.status === "Deleted";
