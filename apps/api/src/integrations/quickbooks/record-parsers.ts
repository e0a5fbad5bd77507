/** Intuit's JSON entities read into the typed records of records.ts. */
import { addressList } from "../../lib/email-addresses.ts";
import { toCents } from "../../lib/money.ts";
import type { InCurrency, QboApplication, QboEntityName, QboMeta, QboRecords } from "./records.ts";

type Json = Record<string, unknown>;

type Ref = { value?: unknown; name?: unknown } | undefined;

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

const ref = (v: unknown) => String((v as Ref)?.value ?? "");

const refName = (v: unknown) => str((v as Ref)?.name);

const currency = (e: Json) => ref(e.CurrencyRef) || "USD";

/** Kept as the decimal text Intuit sent (a JSON number's shortest form), never used as a float. */
const exchangeRate = (e: Json) =>
  typeof e.ExchangeRate === "number" && Number.isFinite(e.ExchangeRate) ? String(e.ExchangeRate) : null;

const inCurrency = (e: Json): InCurrency => ({ currency: currency(e), exchangeRate: exchangeRate(e) });

const address = (v: unknown) => str((v as { Address?: unknown } | undefined)?.Address);

/** The first of a comma-separated list of addresses, as sent. */
const firstAddress = (list: string | null) => str(list?.split(/[,;]/)[0]?.trim());

const cents = (v: unknown) => toCents(v as number | string | undefined);

function meta(e: Json): QboMeta {
  const updated = (e.MetaData as { LastUpdatedTime?: string } | undefined)?.LastUpdatedTime;
  return {
    id: String(e.Id),
    syncToken: String(e.SyncToken ?? "0"),
    lastUpdated: new Date(updated ?? Date.now()),
    deleted: e.status === "Deleted",
  };
}

function applications(e: Json): QboApplication[] {
  const lines = (Array.isArray(e.Line) ? e.Line : []) as { Amount?: unknown; LinkedTxn?: unknown }[];
  return lines.flatMap((line, i) =>
    (Array.isArray(line.LinkedTxn) ? (line.LinkedTxn as { TxnId?: unknown; TxnType?: unknown }[]) : [])
      .filter((t) => t.TxnType === "Invoice")
      .map((t, j) => ({ invoiceId: String(t.TxnId), amountCents: cents(line.Amount), line: i * 100 + j })),
  );
}

const parsers: { [E in QboEntityName]: (e: Json) => QboRecords[E] } = {
  Customer: (e) => ({
    ...meta(e),
    displayName: str(e.DisplayName) ?? str(e.CompanyName) ?? `Customer ${String(e.Id)}`,
    companyName: str(e.CompanyName),
    email: firstAddress(address(e.PrimaryEmailAddr)),
    emails: addressList(address(e.PrimaryEmailAddr)),
    phone: str((e.PrimaryPhone as { FreeFormNumber?: unknown } | undefined)?.FreeFormNumber),
    currency: currency(e),
    balanceCents: cents(e.Balance),
    active: e.Active !== false,
  }),
  Invoice: (e) => ({
    ...meta(e),
    docNumber: str(e.DocNumber),
    customerId: ref(e.CustomerRef),
    customerName: refName(e.CustomerRef),
    txnDate: String(e.TxnDate),
    dueDate: str(e.DueDate),
    ...inCurrency(e),
    totalCents: cents(e.TotalAmt),
    balanceCents: cents(e.Balance),
    email: address(e.BillEmail),
    billEmailCc: address(e.BillEmailCc),
    billEmailBcc: address(e.BillEmailBcc),
    privateNote: str(e.PrivateNote),
  }),
  Payment: (e) => ({
    ...meta(e),
    customerId: ref(e.CustomerRef),
    txnDate: String(e.TxnDate),
    ...inCurrency(e),
    totalCents: cents(e.TotalAmt),
    unappliedCents: cents(e.UnappliedAmt),
    applications: applications(e),
  }),
  CreditMemo: (e) => ({
    ...meta(e),
    docNumber: str(e.DocNumber),
    customerId: ref(e.CustomerRef),
    txnDate: String(e.TxnDate),
    ...inCurrency(e),
    totalCents: cents(e.TotalAmt),
    remainingCents: cents(e.RemainingCredit),
    applications: applications(e),
  }),
};

/** Parses a list of one entity's JSON objects (a QueryResponse or CDC group). */
export function parseRecords<E extends QboEntityName>(entity: E, items: unknown): QboRecords[E][] {
  if (!Array.isArray(items)) return [];
  return items
    .filter((e): e is Json => Boolean(e) && typeof e === "object" && "Id" in (e as Json))
    .map((e) => parsers[entity](e));
}
