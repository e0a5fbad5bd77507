/**
 * A large company for sync tests and benchmarks (default 10,000 customers, 100,000 invoices,
 * 60,000 payments), generated in one pass into compact records.
 */
import {
  type CustomerRecord,
  type InvoiceRecord,
  LINK_INVOICE,
  type PaymentRecord,
} from "../accounting/records.ts";
import { CompanyStore } from "../accounting/store.ts";
import { DAY_MS } from "../accounting/time.ts";
import {
  addCopies,
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

export interface LargeCompanySize {
  customers: number;
  invoices: number;
  /** One per paid or partly paid invoice; 5% of them partial. */
  payments: number;
}

export const LARGE_COMPANY: LargeCompanySize = { customers: 10_000, invoices: 100_000, payments: 60_000 };

const PAID = 1;
const PARTIAL = 2;
const VOIDED = 3;
const OPEN = 0;

export function generateLargeCompany(options: GenerateOptions & Partial<LargeCompanySize>): CompanyStore {
  const size = {
    customers: options.customers ?? LARGE_COMPANY.customers,
    invoices: options.invoices ?? LARGE_COMPANY.invoices,
    payments: options.payments ?? LARGE_COMPANY.payments,
  };
  if (size.customers < 1) throw new Error("customers must be at least 1");
  const partial = Math.round(size.payments * 0.05);
  const voided = Math.round(size.invoices * 0.01);
  if (size.payments + voided > size.invoices)
    throw new Error("payments must leave room: payments + 1% ≤ invoices");

  const random = new Random(hashSeed(`large:${options.seed ?? 1}:${options.realmId}`));
  const clock = new Clock(options.now);
  const { today } = clock;
  const store = new CompanyStore(companyInfo(options, clock));
  const names = new Set<string>();
  const span = 3 * 365;

  const customers: CustomerRecord[] = [];
  for (let i = 0; i < size.customers; i++) {
    const r = random.next();
    const currency = r < 0.9 ? "USD" : r < 0.95 ? "CAD" : r < 0.98 ? "EUR" : "GBP";
    const created = clock.stamp(random, today - span - 30 + Math.floor((i * span) / size.customers));
    const customer = makeCustomer(random, {
      id: i + 1,
      currency,
      withEmail: random.chance(0.85),
      created,
      names,
    });
    customers.push(customer);
    store.customers.set(customer.id, customer);
  }

  const states = new Uint8Array(size.invoices);
  states.fill(PAID, 0, size.payments - partial);
  states.fill(PARTIAL, size.payments - partial, size.payments);
  states.fill(VOIDED, size.payments, size.payments + voided);
  random.shuffle(states);

  let nextId = 1;
  let docNumber = 1001;
  for (let i = 0; i < size.invoices; i++) {
    const state = states[i]!;
    // Customers join over time: an invoice goes to one who existed by then.
    const customer =
      customers[
        random.int(0, Math.min(size.customers - 1, Math.floor(((i + 1) / size.invoices) * size.customers)))
      ]!;
    const term = pickTerm(random);
    const days = termDays(term);
    const txnDate =
      state === OPEN || state === PARTIAL
        ? today - random.int(0, 210)
        : today -
          random.int(1, Math.max(1, Math.min(span, Math.floor(span * ((i + 1) / size.invoices)) + 30)));
    const { lines, total } = makeLines(random);
    const created = clock.stamp(random, txnDate, customer.created + 1000);
    const invoice: InvoiceRecord = {
      id: nextId++,
      syncToken: 0,
      created,
      updated: created,
      docNumber: String(docNumber++),
      customerId: customer.id,
      txnDate,
      dueDate: txnDate + days,
      term,
      currency: customer.currency,
      lines,
      total,
      balance: total,
      emailStatus: customer.email ? "EmailSent" : "NotSet",
      voided: state === VOIDED,
    };
    if (customer.email) {
      invoice.email = customer.email;
      invoice.sentAt = Math.min(created + 3600_000, clock.anchor - 60_000);
      invoice.updated = invoice.sentAt;
      invoice.syncToken = 1;
    }
    if (state === VOIDED) {
      invoice.privateNote = "Voided";
      invoice.syncToken++;
      invoice.updated = Math.min(invoice.updated + DAY_MS, clock.anchor - 60_000);
    }
    store.invoices.set(invoice.id, invoice);
    if (state === PAID || state === PARTIAL) {
      const day = Math.min(today, txnDate + random.int(0, days + 20));
      const amount = state === PAID ? total : partialAmount(random, total);
      const paidAt = clock.stamp(random, day, invoice.updated + 1000);
      const method = random.int(0, 3);
      const payment: PaymentRecord = {
        id: nextId++,
        syncToken: 0,
        created: paidAt,
        updated: paidAt,
        customerId: customer.id,
        txnDate: day,
        currency: customer.currency,
        total: amount,
        links: [invoice.id, LINK_INVOICE, amount],
        method,
        ...(method === 1 ? { refNum: String(1000 + (i % 9000)) } : {}),
      };
      store.payments.set(payment.id, payment);
      invoice.syncToken++;
      invoice.updated = Math.max(invoice.updated, paidAt);
    }
  }
  store.nextDocNumber = docNumber;
  addCopies(customers, store.invoices.values());
  store.rebuild();
  return store;
}
