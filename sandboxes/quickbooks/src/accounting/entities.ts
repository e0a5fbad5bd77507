/**
 * Builds entities in Intuit's JSON shape (field names, nesting and order follow the samples in
 * the research notes): Ids and SyncTokens as strings, amounts as numbers, dates `YYYY-MM-DD`,
 * MetaData times with the Pacific offset, absent rather than null for empty fields.
 */
import {
  type Address,
  type CreditMemoRecord,
  CURRENCIES,
  type CustomerRecord,
  type DeletedRecord,
  type InvoiceRecord,
  ITEMS,
  LINK_INVOICE,
  type Lines,
  type Meta,
  PAYMENT_METHODS,
  type PaymentRecord,
} from "./records.ts";
import { type CompanyStore, unapplied } from "./store.ts";
import { formatDateTime, formatDay } from "./time.ts";

export type Json = Record<string, unknown>;

export interface RenderOptions {
  /** The request's minorversion (some fields only exist from a given version). */
  minorVersion?: number;
  /** With `include=invoiceLink`: an invoice's InvoiceLink, if it has one. */
  invoiceLink?: (invoice: InvoiceRecord) => string | undefined;
}

/** Cents to the JSON number Intuit sends (2 decimals at most). */
export const money = (cents: number): number => Math.round(cents) / 100;

const money2 = (cents: number): string => (cents / 100).toFixed(2);

export function meta(record: Meta): Json {
  return {
    domain: "QBO",
    sparse: false,
    Id: String(record.id),
    SyncToken: String(record.syncToken),
    MetaData: { CreateTime: formatDateTime(record.created), LastUpdatedTime: formatDateTime(record.updated) },
  };
}

export function currencyRef(code: string): Json {
  return { value: code, name: CURRENCIES[code]?.name ?? code };
}

export function exchange(code: string, home: string): number | undefined {
  return code === home ? undefined : (CURRENCIES[code]?.rate ?? 1);
}

export function address(id: number, a: Address | undefined): Json | undefined {
  if (!a) return undefined;
  return {
    Id: String(id),
    Line1: a.line1,
    City: a.city,
    Country: a.country,
    CountrySubDivisionCode: a.region,
    PostalCode: a.postalCode,
    Lat: "INVALID",
    Long: "INVALID",
  };
}

export function customerRef(store: CompanyStore, customerId: number): Json {
  const customer = store.customers.get(customerId);
  return customer ? { value: String(customerId), name: customer.displayName } : { value: String(customerId) };
}

/** Drops undefined members, keeping the order of the rest. */
export function compact(object: Json): Json {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return object;
}

export function customerJson(_store: CompanyStore, c: CustomerRecord): Json {
  const addr = address(c.id, c.address);
  return compact({
    Taxable: false,
    BillAddr: addr,
    ShipAddr: addr,
    Job: false,
    BillWithParent: false,
    Balance: money(c.balance),
    BalanceWithJobs: money(c.balance),
    CurrencyRef: currencyRef(c.currency),
    PreferredDeliveryMethod: c.email ? "Email" : "Print",
    IsProject: false,
    ...meta(c),
    GivenName: c.givenName,
    FamilyName: c.familyName,
    FullyQualifiedName: c.displayName,
    CompanyName: c.companyName,
    DisplayName: c.displayName,
    PrintOnCheckName: c.companyName ?? c.displayName,
    Active: c.active,
    PrimaryPhone: c.phone ? { FreeFormNumber: c.phone } : undefined,
    PrimaryEmailAddr: c.email ? { Address: [c.email, ...(c.moreEmails ?? [])].join(", ") } : undefined,
    Notes: c.notes,
  });
}

export function salesLines(lines: Lines, voided: boolean): Json[] {
  const out: Json[] = [];
  let subtotal = 0;
  for (let i = 0, n = 1; i < lines.length; i += 3, n++) {
    const item = ITEMS[lines[i]!] ?? ITEMS[0];
    const qty = voided ? 0 : lines[i + 1]!;
    const amount = qty * lines[i + 2]!;
    subtotal += amount;
    out.push({
      Id: String(n),
      LineNum: n,
      Description: item.description,
      Amount: money(amount),
      DetailType: "SalesItemLineDetail",
      SalesItemLineDetail: {
        ItemRef: { value: item.id, name: item.name },
        UnitPrice: money(lines[i + 2]!),
        Qty: qty,
        ItemAccountRef: { value: "1", name: "Services" },
        TaxCodeRef: { value: "NON" },
      },
    });
  }
  out.push({ Amount: money(subtotal), DetailType: "SubTotalLineDetail", SubTotalLineDetail: {} });
  return out;
}

export function creditMemoJson(store: CompanyStore, cm: CreditMemoRecord): Json {
  const rate = exchange(cm.currency, store.info.currency);
  return compact({
    ...meta(cm),
    CustomField: [],
    DocNumber: cm.docNumber,
    TxnDate: formatDay(cm.txnDate),
    CurrencyRef: currencyRef(cm.currency),
    ExchangeRate: rate,
    PrivateNote: cm.privateNote,
    Line: salesLines(cm.lines, false),
    TxnTaxDetail: { TotalTax: 0 },
    CustomerRef: customerRef(store, cm.customerId),
    TotalAmt: money(cm.total),
    HomeTotalAmt: rate === undefined ? undefined : money(cm.total * rate),
    ApplyTaxAfterDiscount: false,
    PrintStatus: "NotSet",
    EmailStatus: "NotSet",
    BillEmail: cm.email ? { Address: cm.email } : undefined,
    Balance: money(cm.remaining),
    RemainingCredit: money(cm.remaining),
  });
}

function nameValue(name: string, value: string): Json {
  return {
    name: "{http://schema.intuit.com/finance/v3}NameValue",
    nil: false,
    value: { Name: name, Value: value },
    declaredType: "com.intuit.schema.finance.v3.NameValue",
    scope: "javax.xml.bind.JAXBElement$GlobalScope",
    globalScope: true,
    typeSubstituted: false,
  };
}

export function paymentJson(store: CompanyStore, p: PaymentRecord): Json {
  const rate = exchange(p.currency, store.info.currency);
  const method = PAYMENT_METHODS[p.method];
  const lines: Json[] = [];
  for (let i = 0; i < p.links.length; i += 3) {
    const txnId = p.links[i]!;
    const isInvoice = p.links[i + 1] === LINK_INVOICE;
    const amount = p.links[i + 2]!;
    const target = isInvoice ? store.invoices.get(txnId) : store.creditMemos.get(txnId);
    const open = target ? ("balance" in target ? target.balance : target.remaining) + amount : amount;
    lines.push({
      Amount: money(amount),
      LinkedTxn: [{ TxnId: String(txnId), TxnType: isInvoice ? "Invoice" : "CreditMemo" }],
      LineEx: {
        any: [
          nameValue("txnId", String(txnId)),
          nameValue("txnOpenBalance", money2(open)),
          nameValue("txnReferenceNumber", target?.docNumber ?? ""),
        ],
      },
    });
  }
  return compact({
    CustomerRef: customerRef(store, p.customerId),
    DepositToAccountRef: { value: "4" },
    TotalAmt: money(p.total),
    UnappliedAmt: money(unapplied(p)),
    ProcessPayment: false,
    ...meta(p),
    TxnDate: formatDay(p.txnDate),
    CurrencyRef: currencyRef(p.currency),
    ExchangeRate: rate,
    PaymentMethodRef: method ? { value: method.id, name: method.name } : undefined,
    PaymentRefNum: p.refNum,
    PrivateNote: p.privateNote,
    Line: lines,
  });
}

/** How CDC shows a deleted object. */
export function deletedJson(record: DeletedRecord): Json {
  return {
    status: "Deleted",
    domain: "QBO",
    Id: String(record.id),
    MetaData: { LastUpdatedTime: formatDateTime(record.at) },
  };
}

export function companyInfoJson(store: CompanyStore, options: RenderOptions = {}): Json {
  const { info } = store;
  const addr = {
    City: info.address.city,
    Country: info.address.country,
    Line1: info.address.line1,
    PostalCode: info.address.postalCode,
    CountrySubDivisionCode: info.address.region,
    Id: "1",
  };
  return compact({
    SyncToken: "1",
    domain: "QBO",
    LegalAddr: addr,
    SupportedLanguages: "en",
    CompanyName: info.name,
    Country: info.country,
    CompanyAddr: addr,
    sparse: false,
    Id: "1",
    WebAddr: {},
    FiscalYearStartMonth: "January",
    CustomerCommunicationAddr: addr,
    PrimaryPhone: { FreeFormNumber: info.phone },
    LegalName: info.name,
    CompanyStartDate: formatDay(info.startDate),
    DefaultTimeZone: (options.minorVersion ?? 0) >= 75 ? "America/Los_Angeles" : undefined,
    Email: { Address: info.email },
    NameValue: [
      { Name: "NeoEnabled", Value: "true" },
      { Name: "IndustryType", Value: "Professional, Scientific, and Technical Services" },
      { Name: "SubscriptionStatus", Value: "PAID" },
      { Name: "OfferingSku", Value: "QuickBooks Online Plus" },
      { Name: "PayrollFeature", Value: "false" },
      { Name: "AccountantFeature", Value: "false" },
      { Name: "IsQbdtMigrated", Value: "false" },
    ],
    MetaData: { CreateTime: formatDateTime(info.created), LastUpdatedTime: formatDateTime(info.updated) },
  });
}
