/**
 * The sample company's transactions as they are generated: invoices, credit memos and the payments
 * linked to them; then a store holding them in creation order, with ids and document numbers as
 * QBO gives them and the customers' own dates fitted around their activity.
 */
import {
  type CreditMemoRecord,
  type CustomerRecord,
  type InvoiceRecord,
  LINK_CREDIT_MEMO,
  LINK_INVOICE,
  type PaymentRecord,
} from "../accounting/records.ts";
import { CompanyStore } from "../accounting/store.ts";
import { DAY_MS } from "../accounting/time.ts";
import { type Clock, companyInfo, type GenerateOptions } from "./common.ts";
import type { Random } from "./random.ts";

export type Txn =
  | { kind: "Invoice"; rec: InvoiceRecord }
  | { kind: "CreditMemo"; rec: CreditMemoRecord }
  | PaymentDraft;
interface PaymentDraft {
  kind: "Payment";
  rec: PaymentRecord;
  targets: { rec: InvoiceRecord | CreditMemoRecord; link: number; amount: number }[];
}

export class SampleLedger {
  readonly txns: Txn[] = [];
  /** Paid invoices, paid together at the end (one payment may cover two of a customer's). */
  readonly #paid = new Map<number, { rec: InvoiceRecord; day: number }[]>();

  constructor(
    readonly random: Random,
    readonly clock: Clock,
  ) {}

  invoice(rec: InvoiceRecord): void {
    this.txns.push({ kind: "Invoice", rec });
  }

  /** A change to an invoice: a new sync token, updated at `at` (or later). */
  bump(rec: InvoiceRecord, at: number): void {
    rec.syncToken++;
    rec.updated = Math.max(rec.updated, at);
  }

  /** A payment on `day` of the targets' amounts (or `total`), one line per target. */
  pay(targets: PaymentDraft["targets"], day: number, customer: CustomerRecord, total?: number): void {
    const { random, clock } = this;
    const after = Math.max(...targets.map((t) => t.rec.created)) + 1000;
    const created = clock.stamp(random, day, after);
    const method = total === 0 ? -1 : random.int(0, 3);
    const rec: PaymentRecord = {
      id: 0,
      syncToken: 0,
      created,
      updated: created,
      customerId: customer.id,
      txnDate: day,
      currency: customer.currency,
      total: total ?? targets.reduce((sum, t) => sum + t.amount, 0),
      links: [],
      method,
      ...(method === 1 ? { refNum: String(random.int(1000, 9999)) } : {}),
    };
    this.txns.push({ kind: "Payment", rec, targets });
    for (const t of targets) if (t.link === LINK_INVOICE) this.bump(t.rec as InvoiceRecord, created);
  }

  /** A service credit of `amount` on `day`, applied to the invoice by a $0 payment. */
  credit(invoice: InvoiceRecord, customer: CustomerRecord, amount: number, day: number): void {
    const cmCreated = this.clock.stamp(this.random, day, invoice.created + 1000);
    const memo: CreditMemoRecord = {
      id: 0,
      syncToken: 0,
      created: cmCreated,
      updated: cmCreated,
      docNumber: "",
      customerId: customer.id,
      txnDate: day,
      currency: customer.currency,
      lines: [0, 1, amount],
      total: amount,
      remaining: amount,
      ...(customer.email ? { email: customer.email } : {}),
      privateNote: "Service credit",
    };
    this.txns.push({ kind: "CreditMemo", rec: memo });
    this.pay(
      [
        { rec: invoice, link: LINK_INVOICE, amount },
        { rec: memo, link: LINK_CREDIT_MEMO, amount },
      ],
      day,
      customer,
      0,
    );
  }

  /** An invoice to be paid in full on `day`, by `payPaidInvoices`. */
  paidOn(invoice: InvoiceRecord, customer: CustomerRecord, day: number): void {
    const list = this.#paid.get(customer.id) ?? [];
    list.push({ rec: invoice, day });
    this.#paid.set(customer.id, list);
  }

  /** Paid invoices: one payment each, or one payment for two invoices of the same customer. */
  payPaidInvoices(customers: CustomerRecord[]): void {
    for (const [customerId, list] of this.#paid) {
      const customer = customers[customerId - 1]!;
      for (let i = 0; i < list.length; i++) {
        const a = list[i]!;
        const b = list[i + 1];
        if (b && this.random.chance(0.3)) {
          this.pay(
            [
              { rec: a.rec, link: LINK_INVOICE, amount: a.rec.total },
              { rec: b.rec, link: LINK_INVOICE, amount: b.rec.total },
            ],
            Math.max(a.day, b.day),
            customer,
          );
          i++;
        } else this.pay([{ rec: a.rec, link: LINK_INVOICE, amount: a.rec.total }], a.day, customer);
      }
    }
  }
}

export function assemble(
  options: GenerateOptions,
  clock: Clock,
  random: Random,
  customers: CustomerRecord[],
  txns: Txn[],
  inactive: readonly number[],
): CompanyStore {
  const store = new CompanyStore(companyInfo(options, clock));
  // Ids and document numbers follow creation order, as in QBO.
  const ordered = txns
    .map((t, i) => ({ t, i }))
    .sort((x, y) => x.t.rec.created - y.t.rec.created || x.i - y.i)
    .map(({ t }) => t);
  let docNumber = 1001;
  ordered.forEach((t, i) => {
    t.rec.id = i + 1;
    if (t.kind !== "Payment") t.rec.docNumber = String(docNumber++);
  });
  const firstActivity = new Map<number, number>();
  const lastActivity = new Map<number, number>();
  for (const t of ordered) {
    const id = t.rec.customerId;
    firstActivity.set(id, Math.min(firstActivity.get(id) ?? Infinity, t.rec.created));
    lastActivity.set(id, Math.max(lastActivity.get(id) ?? 0, t.rec.updated));
    if (t.kind === "Payment") {
      t.rec.links = t.targets.flatMap((target) => [target.rec.id, target.link, target.amount]);
      store.payments.set(t.rec.id, t.rec);
    } else if (t.kind === "Invoice") store.invoices.set(t.rec.id, t.rec);
    else store.creditMemos.set(t.rec.id, t.rec);
  }
  for (const customer of customers) {
    const first = firstActivity.get(customer.id) ?? clock.anchor - random.int(10, 300) * DAY_MS;
    customer.created = first - random.int(1, 30) * DAY_MS - random.int(0, 36_000) * 1000;
    customer.updated = customer.created;
    if (random.chance(0.2)) {
      customer.syncToken = 1;
      customer.updated = Math.min(customer.created + random.int(1, 60) * DAY_MS, clock.anchor - 60_000);
    }
    if (inactive.includes(customer.id - 1)) {
      customer.active = false;
      customer.syncToken++;
      customer.updated = Math.min(
        (lastActivity.get(customer.id) ?? customer.created) + DAY_MS,
        clock.anchor - 60_000,
      );
    }
    store.customers.set(customer.id, customer);
  }
  store.nextDocNumber = docNumber;
  store.rebuild();
  return store;
}
