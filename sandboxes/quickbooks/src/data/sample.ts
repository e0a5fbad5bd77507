/**
 * The sample company: 30 customers and 200 invoices in every state a collections app cares about,
 * generated from a seed relative to a fixed "now" (same seed and now, same data).
 */
import {
  type CreditMemoRecord,
  type CustomerRecord,
  type EmailStatus,
  type InvoiceRecord,
  LINK_CREDIT_MEMO,
  LINK_INVOICE,
  type PaymentRecord,
} from "../accounting/records.ts";
import { CompanyStore } from "../accounting/store.ts";
import { DAY_MS } from "../accounting/time.ts";
import {
  Clock,
  companyInfo,
  type GenerateOptions,
  makeCustomer,
  makeLines,
  partialAmount,
  pickTerm,
  termDays,
} from "./common.ts";
import { hashSeed, Random } from "./random.ts";

/** Invoices per state. "credit": a credit memo applied (4 of them cover the whole invoice). */
export const SAMPLE_PLAN = {
  paid: 70,
  partial: 24,
  current: 36,
  overdue: 50,
  voided: 8,
  credit: 12,
} as const;
type State = keyof typeof SAMPLE_PLAN;

export const SAMPLE_CUSTOMERS = 30;
/** Customers by index (0-based): currencies, no email, inactive, no invoices. */
const CURRENCY_OF = (i: number) => (i < 22 ? "USD" : i < 26 ? "CAD" : i < 28 ? "EUR" : "GBP");
const NO_EMAIL = new Set([5, 11, 17, 23, 27, 29]);
const INACTIVE = [19, 20];
const NO_INVOICES = new Set([21, 25]);

type Txn =
  | { kind: "Invoice"; rec: InvoiceRecord }
  | { kind: "CreditMemo"; rec: CreditMemoRecord }
  | PaymentDraft;
interface PaymentDraft {
  kind: "Payment";
  rec: PaymentRecord;
  targets: { rec: InvoiceRecord | CreditMemoRecord; link: number; amount: number }[];
}

/** 50 overdue invoices: 1 to 180 days, both ends included, spread over the aging buckets. */
function overdueDays(random: Random): number[] {
  const days = [1, 180];
  for (let i = 0; i < 14; i++) days.push(random.int(2, 30));
  for (let i = 0; i < 12; i++) days.push(random.int(31, 60));
  for (let i = 0; i < 10; i++) days.push(random.int(61, 90));
  for (let i = 0; i < 12; i++) days.push(random.int(91, 179));
  return random.shuffle(days);
}

export function generateSampleCompany(options: GenerateOptions): CompanyStore {
  const random = new Random(hashSeed(`sample:${options.seed ?? 1}:${options.realmId}`));
  const clock = new Clock(options.now);
  const { today } = clock;
  const names = new Set<string>();
  const customers: CustomerRecord[] = [];
  for (let i = 0; i < SAMPLE_CUSTOMERS; i++) {
    customers.push(
      makeCustomer(random, {
        id: i + 1,
        currency: CURRENCY_OF(i),
        withEmail: !NO_EMAIL.has(i),
        created: 0,
        names,
      }),
    );
  }
  const billable = customers.filter((_, i) => !NO_INVOICES.has(i) && !INACTIVE.includes(i));
  const weights = billable.map((_, i) => 1 + (i % 5));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const pickCustomer = () => {
    let r = random.next() * weightSum;
    for (let i = 0; i < billable.length; i++) {
      r -= weights[i]!;
      if (r < 0) return billable[i]!;
    }
    return billable[billable.length - 1]!;
  };
  const inactiveSlots = INACTIVE.flatMap((i) => [customers[i]!, customers[i]!, customers[i]!]);

  const states = random.shuffle(
    (Object.entries(SAMPLE_PLAN) as [State, number][]).flatMap(([state, n]) => Array<State>(n).fill(state)),
  );
  const overdue = overdueDays(random);
  const txns: Txn[] = [];
  const paidByCustomer = new Map<number, { rec: InvoiceRecord; day: number }[]>();
  const bump = (rec: InvoiceRecord, at: number) => {
    rec.syncToken++;
    rec.updated = Math.max(rec.updated, at);
  };
  const pay = (targets: PaymentDraft["targets"], day: number, customer: CustomerRecord, total?: number) => {
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
    txns.push({ kind: "Payment", rec, targets });
    for (const t of targets) if (t.link === LINK_INVOICE) bump(t.rec as InvoiceRecord, created);
  };

  let overdueIndex = 0;
  let mixed = 0;
  let currentCount = 0;
  let creditCount = 0;
  for (const state of states) {
    const customer = state === "paid" && inactiveSlots.length ? inactiveSlots.shift()! : pickCustomer();
    const term = pickTerm(random);
    const days = termDays(term);
    let dueDate: number;
    let txnDate: number;
    const pastDue = (state === "partial" || state === "credit") && mixed++ % 2 === 0;
    if (state === "overdue" || pastDue) {
      dueDate = today - (state === "overdue" ? overdue[overdueIndex++]! : random.int(1, 120));
      txnDate = dueDate - days;
    } else if (state === "current" || state === "partial" || state === "credit") {
      dueDate = today + (state === "current" && currentCount++ === 0 ? 0 : random.int(0, days));
      txnDate = dueDate - days;
    } else {
      txnDate = today - random.int(state === "paid" ? 5 : 3, state === "paid" ? 365 : 200);
      dueDate = txnDate + days;
    }
    const { lines, total } = makeLines(random);
    const created = clock.stamp(random, txnDate);
    const rec: InvoiceRecord = {
      id: 0,
      syncToken: 0,
      created,
      updated: created,
      docNumber: "",
      customerId: customer.id,
      txnDate,
      dueDate,
      term,
      currency: customer.currency,
      lines,
      total,
      balance: total,
      emailStatus: "NotSet",
      voided: false,
    };
    if (random.chance(0.1)) rec.privateNote = `PO ${random.int(10000, 99999)}`;
    if (customer.email) {
      rec.email = customer.email;
      const r = random.next();
      const status: EmailStatus =
        state === "current"
          ? r < 0.7
            ? "EmailSent"
            : r < 0.9
              ? "NeedToSend"
              : "NotSet"
          : r < 0.9
            ? "EmailSent"
            : "NotSet";
      rec.emailStatus = status;
      if (status === "EmailSent") {
        rec.sentAt = Math.min(created + random.int(600, 7200) * 1000, clock.anchor - 60_000);
        bump(rec, rec.sentAt);
      }
    }
    txns.push({ kind: "Invoice", rec });

    if (state === "paid") {
      const day = Math.min(today, txnDate + random.int(0, days + 20));
      const list = paidByCustomer.get(customer.id) ?? [];
      list.push({ rec, day });
      paidByCustomer.set(customer.id, list);
    } else if (state === "partial") {
      const day = txnDate + random.int(0, Math.max(0, today - txnDate));
      pay([{ rec, link: LINK_INVOICE, amount: partialAmount(random, total) }], day, customer);
    } else if (state === "credit") {
      const amount = creditCount++ < 4 ? total : Math.round(total * (0.1 + 0.4 * random.next()));
      const day = txnDate + random.int(0, Math.max(0, today - txnDate));
      const cmCreated = clock.stamp(random, day, created + 1000);
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
      txns.push({ kind: "CreditMemo", rec: memo });
      pay(
        [
          { rec, link: LINK_INVOICE, amount },
          { rec: memo, link: LINK_CREDIT_MEMO, amount },
        ],
        day,
        customer,
        0,
      );
    } else if (state === "voided") {
      const at = clock.stamp(random, Math.min(today, txnDate + random.int(1, 10)), rec.updated + 1000);
      rec.voided = true;
      rec.privateNote = "Voided";
      bump(rec, at);
    }
  }
  // Paid invoices: one payment each, or one payment for two invoices of the same customer.
  for (const [customerId, list] of paidByCustomer) {
    const customer = customers[customerId - 1]!;
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      const b = list[i + 1];
      if (b && random.chance(0.3)) {
        pay(
          [
            { rec: a.rec, link: LINK_INVOICE, amount: a.rec.total },
            { rec: b.rec, link: LINK_INVOICE, amount: b.rec.total },
          ],
          Math.max(a.day, b.day),
          customer,
        );
        i++;
      } else pay([{ rec: a.rec, link: LINK_INVOICE, amount: a.rec.total }], a.day, customer);
    }
  }
  return assemble(options, clock, random, customers, txns);
}

function assemble(
  options: GenerateOptions,
  clock: Clock,
  random: Random,
  customers: CustomerRecord[],
  txns: Txn[],
) {
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
    if (INACTIVE.includes(customer.id - 1)) {
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
