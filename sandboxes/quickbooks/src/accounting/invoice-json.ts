/** An invoice in Intuit's JSON shape (the helpers it shares with other entities: entities.ts). */
import {
  address,
  compact,
  currencyRef,
  customerRef,
  exchange,
  type Json,
  meta,
  money,
  type RenderOptions,
  salesLines,
} from "./entities.ts";
import { type InvoiceRecord, TERMS } from "./records.ts";
import type { CompanyStore } from "./store.ts";
import { formatDateTime, formatDay } from "./time.ts";

export function invoiceJson(store: CompanyStore, inv: InvoiceRecord, options: RenderOptions = {}): Json {
  const rate = exchange(inv.currency, store.info.currency);
  const total = inv.voided ? 0 : inv.total;
  const linked = [...new Set(store.paymentsLinkedTo(inv.id).map((p) => p.id))].sort((a, b) => a - b);
  const term = TERMS[inv.term] ?? TERMS[2];
  const customer = store.customers.get(inv.customerId);
  return compact({
    AllowIPNPayment: false,
    AllowOnlinePayment: false,
    AllowOnlineCreditCardPayment: inv.onlineCard === true,
    AllowOnlineACHPayment: inv.onlineAch === true,
    ...meta(inv),
    CustomField: [],
    DocNumber: inv.docNumber,
    TxnDate: formatDay(inv.txnDate),
    CurrencyRef: currencyRef(inv.currency),
    ExchangeRate: rate,
    PrivateNote: inv.privateNote,
    LinkedTxn: linked.map((id) => ({ TxnId: String(id), TxnType: "Payment" })),
    Line: salesLines(inv.lines, inv.voided),
    TxnTaxDetail: { TotalTax: 0 },
    CustomerRef: customerRef(store, inv.customerId),
    BillAddr: address(inv.customerId, customer?.address),
    FreeFormAddress: false,
    SalesTermRef: { value: term.id, name: term.name },
    DueDate: formatDay(inv.dueDate),
    TotalAmt: money(total),
    HomeTotalAmt: rate === undefined ? undefined : money(total * rate),
    ApplyTaxAfterDiscount: false,
    PrintStatus: "NotSet",
    EmailStatus: inv.emailStatus,
    BillEmail: inv.email ? { Address: inv.email } : undefined,
    // From minor version 8.
    ...((options.minorVersion ?? 75) >= 8
      ? {
          BillEmailCc: inv.emailCc ? { Address: inv.emailCc } : undefined,
          BillEmailBcc: inv.emailBcc ? { Address: inv.emailBcc } : undefined,
        }
      : {}),
    Balance: money(inv.balance),
    HomeBalance: rate === undefined ? undefined : money(inv.balance * rate),
    DeliveryInfo:
      inv.sentAt !== undefined
        ? { DeliveryType: "Email", DeliveryTime: formatDateTime(inv.sentAt) }
        : undefined,
    InvoiceLink: options.invoiceLink?.(inv),
  });
}
