/**
 * Changes made through the control API, with QBO's side effects: SyncToken and LastUpdatedTime
 * move, balances are recomputed, payments are detached from voided or deleted invoices, and each
 * change is recorded for webhooks.
 */
import {
  ControlError,
  currencyOf,
  day,
  email,
  emailList,
  findCustomer,
  findInvoice,
  idOf,
  type LineInput,
  linesOf,
  type MutationContext,
  record,
  termOf,
  today,
  touch,
} from "./changes.ts";
import { detachInvoice } from "./payments.ts";
import { type CustomerRecord, type EmailStatus, type InvoiceRecord, linesTotal, TERMS } from "./records.ts";

export interface CustomerInput {
  displayName?: string;
  givenName?: string;
  familyName?: string;
  companyName?: string;
  /** One address, or several separated by commas (as QuickBooks keeps them); null removes them. */
  email?: string | null;
  phone?: string | null;
  /** Set once, at creation (default the company's). */
  currency?: string;
  notes?: string | null;
  active?: boolean;
}

export interface InvoiceInput {
  customerId?: string | number;
  /** A single "Services" line of this amount (major units) ... */
  amount?: number;
  /** ... or explicit lines. */
  lines?: LineInput[];
  /** YYYY-MM-DD; default today. */
  txnDate?: string;
  /** YYYY-MM-DD; default txnDate + the term's days. */
  dueDate?: string;
  /** "Due on receipt", "Net 15", "Net 30" (default), "Net 60". */
  term?: string;
  /** Default the customer's (first) email; null for none. */
  email?: string | null;
  /** BillEmailCc and BillEmailBcc: addresses separated by commas; null for none. */
  emailCc?: string | null;
  emailBcc?: string | null;
  emailStatus?: EmailStatus;
  privateNote?: string | null;
  docNumber?: string;
  /** Card / bank payment online (default at creation: whether the company has Payments on). */
  allowOnlineCreditCardPayment?: boolean;
  allowOnlineACHPayment?: boolean;
}

function uniqueName(ctx: MutationContext, name: unknown, self?: number): string {
  if (typeof name !== "string" || !name.trim()) throw new ControlError(400, "displayName is required");
  const trimmed = name.trim();
  if (/[:\t\n]/.test(trimmed)) throw new ControlError(400, "displayName cannot contain ':', tab or newline");
  for (const c of ctx.store.customers.values()) {
    if (c.id !== self && c.displayName.toLowerCase() === trimmed.toLowerCase()) {
      throw new ControlError(
        400,
        `Duplicate Name Exists Error: another customer is already using "${trimmed}"`,
      );
    }
  }
  return trimmed;
}

function applyCustomer(ctx: MutationContext, c: CustomerRecord, input: CustomerInput): void {
  if (input.displayName !== undefined) c.displayName = uniqueName(ctx, input.displayName, c.id);
  for (const key of ["givenName", "familyName", "companyName", "phone", "notes"] as const) {
    const value = input[key];
    if (value === null || value === "") delete c[key];
    else if (value !== undefined) c[key] = String(value);
  }
  if (input.email !== undefined) {
    const [first, ...more] = emailList(input.email, "email");
    if (first) c.email = first;
    else delete c.email;
    if (more.length) c.moreEmails = more;
    else delete c.moreEmails;
  }
  if (input.active !== undefined) c.active = Boolean(input.active);
}

export function createCustomer(ctx: MutationContext, input: CustomerInput): CustomerRecord {
  const { store } = ctx;
  const customer: CustomerRecord = {
    id: store.nextNameId++,
    syncToken: 0,
    created: ctx.now,
    updated: ctx.now,
    displayName: uniqueName(ctx, input.displayName),
    currency: currencyOf(input.currency, store.info.currency),
    active: true,
    balance: 0,
  };
  applyCustomer(ctx, customer, { ...input, displayName: undefined });
  store.addCustomer(customer);
  record(ctx, "Customer", customer.id, "Create");
  return customer;
}

export function updateCustomer(ctx: MutationContext, id: unknown, input: CustomerInput): CustomerRecord {
  const customer = findCustomer(ctx, id);
  if (input.currency !== undefined && currencyOf(input.currency, customer.currency) !== customer.currency) {
    throw new ControlError(400, "A customer's currency cannot be changed");
  }
  applyCustomer(ctx, customer, input);
  touch(ctx, customer);
  record(ctx, "Customer", customer.id, "Update");
  return customer;
}

/** QBO never hard-deletes a customer: it is made inactive and renamed "<name> (deleted)". */
export function deleteCustomer(ctx: MutationContext, id: unknown): CustomerRecord {
  const customer = findCustomer(ctx, id);
  if (!customer.active) throw new ControlError(400, `Customer ${id} is already deleted (inactive)`);
  customer.active = false;
  if (!customer.displayName.endsWith(" (deleted)")) customer.displayName += " (deleted)";
  touch(ctx, customer);
  record(ctx, "Customer", customer.id, "Delete");
  return customer;
}

function applyInvoice(
  ctx: MutationContext,
  invoice: InvoiceRecord,
  input: InvoiceInput,
  creating: boolean,
): void {
  if (input.lines !== undefined || input.amount !== undefined) {
    const lines = linesOf(input);
    const total = linesTotal(lines);
    const applied = creating ? 0 : invoice.total - invoice.balance;
    if (total < applied) {
      throw new ControlError(
        400,
        `The new total ${total / 100} is less than what was already paid (${applied / 100})`,
      );
    }
    invoice.lines = lines;
    invoice.total = total;
  }
  const termChanged = input.term !== undefined;
  invoice.term = termOf(input.term, invoice.term);
  invoice.txnDate = day(input.txnDate, "txnDate", invoice.txnDate);
  const defaultDue =
    input.txnDate !== undefined || termChanged
      ? invoice.txnDate + TERMS[invoice.term]!.days
      : invoice.dueDate;
  invoice.dueDate = day(input.dueDate, "dueDate", defaultDue);
  if (input.email !== undefined) {
    const address = email(input.email, "email");
    if (address) invoice.email = address;
    else delete invoice.email;
  }
  for (const key of ["emailCc", "emailBcc"] as const) {
    if (input[key] === undefined) continue;
    const list = emailList(input[key], key).join(", ");
    if (list) invoice[key] = list;
    else delete invoice[key];
  }
  if (input.privateNote === null || input.privateNote === "") delete invoice.privateNote;
  else if (input.privateNote !== undefined) invoice.privateNote = String(input.privateNote);
  if (input.docNumber !== undefined) invoice.docNumber = String(input.docNumber);
  if (input.allowOnlineCreditCardPayment !== undefined)
    invoice.onlineCard = !!input.allowOnlineCreditCardPayment;
  if (input.allowOnlineACHPayment !== undefined) invoice.onlineAch = !!input.allowOnlineACHPayment;
  if (input.emailStatus !== undefined) {
    if (!["NotSet", "NeedToSend", "EmailSent"].includes(input.emailStatus)) {
      throw new ControlError(400, "emailStatus must be NotSet, NeedToSend or EmailSent");
    }
    if (input.emailStatus === "EmailSent" && invoice.emailStatus !== "EmailSent") invoice.sentAt = ctx.now;
    invoice.emailStatus = input.emailStatus;
  }
  if (invoice.emailStatus !== "NotSet" && !invoice.email) {
    throw new ControlError(400, "An invoice to be emailed needs an email address (BillEmail)");
  }
}

export function createInvoice(ctx: MutationContext, input: InvoiceInput): InvoiceRecord {
  const { store } = ctx;
  const customer = findCustomer(ctx, input.customerId);
  if (!customer.active) throw new ControlError(400, `Customer ${customer.id} is inactive`);
  if (input.amount === undefined && !input.lines?.length)
    throw new ControlError(400, "amount or lines is required");
  const term = termOf(input.term, 2);
  const txnDate = day(input.txnDate, "txnDate", today(ctx));
  const invoice: InvoiceRecord = {
    id: store.nextTxnId++,
    syncToken: 0,
    created: ctx.now,
    updated: ctx.now,
    docNumber: String(store.nextDocNumber++),
    customerId: customer.id,
    txnDate,
    dueDate: txnDate + TERMS[term]!.days,
    term,
    currency: customer.currency,
    lines: [],
    total: 0,
    balance: 0,
    ...(customer.email ? { email: customer.email } : {}),
    emailStatus: "NotSet",
    voided: false,
    onlineCard: store.info.paymentsEnabled,
    onlineAch: store.info.paymentsEnabled,
  };
  applyInvoice(ctx, invoice, { ...input, txnDate: undefined, term: undefined, dueDate: input.dueDate }, true);
  store.addInvoice(invoice);
  record(ctx, "Invoice", invoice.id, "Create");
  return invoice;
}

export function updateInvoice(ctx: MutationContext, id: unknown, input: InvoiceInput): InvoiceRecord {
  const invoice = findInvoice(ctx, id);
  if (invoice.voided) throw new ControlError(400, `Invoice ${id} is voided`);
  if (input.customerId !== undefined && idOf(input.customerId, "customerId") !== invoice.customerId) {
    throw new ControlError(400, "An invoice's customer cannot be changed here");
  }
  applyInvoice(ctx, invoice, input, false);
  touch(ctx, invoice);
  ctx.store.recomputeInvoice(invoice.id);
  record(ctx, "Invoice", invoice.id, "Update");
  return invoice;
}

/** Emails the invoice: EmailStatus EmailSent, DeliveryInfo set; the webhook says "Emailed". */
export function sendInvoice(ctx: MutationContext, id: unknown, to?: string): InvoiceRecord {
  const invoice = findInvoice(ctx, id);
  if (to !== undefined) invoice.email = email(to, "sendTo");
  if (!invoice.email) throw new ControlError(400, "The invoice has no email address (BillEmail)");
  invoice.emailStatus = "EmailSent";
  invoice.sentAt = ctx.now;
  touch(ctx, invoice);
  record(ctx, "Invoice", invoice.id, "Emailed");
  return invoice;
}

/** Voids: amounts become 0, PrivateNote "Voided", payments applied to it are detached. */
export function voidInvoice(ctx: MutationContext, id: unknown): InvoiceRecord {
  const invoice = findInvoice(ctx, id);
  if (invoice.voided) throw new ControlError(400, `Invoice ${id} is already voided`);
  detachInvoice(ctx, invoice.id);
  invoice.voided = true;
  invoice.privateNote = invoice.privateNote ? `Voided - ${invoice.privateNote}` : "Voided";
  touch(ctx, invoice);
  ctx.store.recomputeInvoice(invoice.id);
  record(ctx, "Invoice", invoice.id, "Void");
  return invoice;
}

export function deleteInvoice(ctx: MutationContext, id: unknown): InvoiceRecord {
  const invoice = findInvoice(ctx, id);
  detachInvoice(ctx, invoice.id);
  ctx.store.removeTransaction("Invoice", invoice.id, ctx.now);
  record(ctx, "Invoice", invoice.id, "Delete");
  return invoice;
}
