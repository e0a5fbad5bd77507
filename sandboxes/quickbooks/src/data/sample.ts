/**
 * The sample company: 30 customers and 200 invoices in every state a collections app cares about,
 * generated from a seed relative to a fixed "now" (same seed and now, same data).
 */
import {
  type CustomerRecord,
  type EmailStatus,
  type InvoiceRecord,
  LINK_INVOICE,
} from "../accounting/records.ts";
import type { CompanyStore } from "../accounting/store.ts";
import {
  addCopies,
  Clock,
  type GenerateOptions,
  makeCustomer,
  makeLines,
  partialAmount,
  pickTerm,
  termDays,
} from "./common.ts";
import { hashSeed, Random } from "./random.ts";
import { assemble, SampleLedger } from "./sample-ledger.ts";

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
  const ledger = new SampleLedger(random, clock);

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
        ledger.bump(rec, rec.sentAt);
      }
    }
    ledger.invoice(rec);

    if (state === "paid") {
      ledger.paidOn(rec, customer, Math.min(today, txnDate + random.int(0, days + 20)));
    } else if (state === "partial") {
      const day = txnDate + random.int(0, Math.max(0, today - txnDate));
      ledger.pay([{ rec, link: LINK_INVOICE, amount: partialAmount(random, total) }], day, customer);
    } else if (state === "credit") {
      const amount = creditCount++ < 4 ? total : Math.round(total * (0.1 + 0.4 * random.next()));
      const day = txnDate + random.int(0, Math.max(0, today - txnDate));
      ledger.credit(rec, customer, amount, day);
    } else if (state === "voided") {
      const at = clock.stamp(random, Math.min(today, txnDate + random.int(1, 10)), rec.updated + 1000);
      rec.voided = true;
      rec.privateNote = "Voided";
      ledger.bump(rec, at);
    }
  }
  ledger.payPaidInvoices(customers);
  allowOnlinePayment(ledger);
  addCopies(
    customers,
    ledger.txns.flatMap((t) => (t.kind === "Invoice" ? [t.rec] : [])),
  );
  return assemble(options, clock, random, customers, ledger.txns, INACTIVE);
}

/**
 * QuickBooks Payments is on (companyInfo) and invoices take cards and bank transfers online, but
 * for every tenth one generated (the 8th, 18th, ...). Set in generation order, drawing nothing from
 * the seed's sequence, so every other figure stays as it was and the choice does not depend on
 * the time of day the data is relative to.
 */
function allowOnlinePayment(ledger: SampleLedger): void {
  let n = 0;
  for (const txn of ledger.txns) {
    if (txn.kind !== "Invoice") continue;
    const allowed = n++ % 10 !== 7;
    txn.rec.onlineCard = allowed;
    txn.rec.onlineAch = allowed;
  }
}
