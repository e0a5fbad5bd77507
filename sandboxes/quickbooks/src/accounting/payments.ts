/** Payments and credit memos made through the control API. */
import {
  ControlError,
  cents,
  day,
  findCustomer,
  findInvoice,
  idOf,
  linesOf,
  type MutationContext,
  methodOf,
  record,
  today,
  touch,
} from "./changes.ts";
import {
  type CreditMemoRecord,
  type InvoiceRecord,
  LINK_CREDIT_MEMO,
  LINK_INVOICE,
  linesTotal,
  type PaymentRecord,
} from "./records.ts";

export interface PaymentInput {
  /** Default: the customer of the invoices. */
  customerId?: string | number;
  /** Invoices paid and how much of each (default: the whole open balance). */
  invoices?: { id: string | number; amount?: number }[];
  /** Amount received (major units); default the sum applied. More than that stays unapplied. */
  amount?: number;
  /** YYYY-MM-DD; default today. */
  txnDate?: string;
  /** Cash, Check (default), Credit Card, Bank Transfer. */
  method?: string;
  refNum?: string;
  privateNote?: string;
}

export interface CreditMemoInput {
  customerId: string | number;
  amount: number;
  txnDate?: string;
  privateNote?: string;
  /** Applies the credit to an invoice (through a Payment of 0, as QBO does). */
  applyTo?: { invoiceId: string | number; amount?: number };
}

function bumpTargets(ctx: MutationContext, payment: PaymentRecord): void {
  const seen = new Set<number>();
  for (let i = 0; i < payment.links.length; i += 3) {
    const id = payment.links[i]!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (payment.links[i + 1] === LINK_INVOICE) {
      const invoice = ctx.store.invoices.get(id);
      if (invoice) {
        touch(ctx, invoice);
        record(ctx, "Invoice", id, "Update");
      }
    } else {
      const memo = ctx.store.creditMemos.get(id);
      if (memo) {
        touch(ctx, memo);
        record(ctx, "CreditMemo", id, "Update");
      }
    }
  }
}

function newPayment(
  ctx: MutationContext,
  fields: Omit<PaymentRecord, "id" | "syncToken" | "created" | "updated">,
) {
  const payment: PaymentRecord = {
    id: ctx.store.nextTxnId++,
    syncToken: 0,
    created: ctx.now,
    updated: ctx.now,
    ...fields,
  };
  ctx.store.addPayment(payment);
  record(ctx, "Payment", payment.id, "Create");
  bumpTargets(ctx, payment);
  return payment;
}

export function createPayment(ctx: MutationContext, input: PaymentInput): PaymentRecord {
  const targets = (input.invoices ?? []).map((line, i) => {
    const invoice = findInvoice(ctx, line.id);
    if (invoice.voided) throw new ControlError(400, `Invoice ${invoice.id} is voided`);
    if (invoice.balance === 0) throw new ControlError(400, `Invoice ${invoice.id} is already paid`);
    const amount = line.amount === undefined ? invoice.balance : cents(line.amount, `invoices[${i}].amount`);
    if (amount > invoice.balance) {
      throw new ControlError(
        400,
        `invoices[${i}].amount is more than the open balance ${invoice.balance / 100}`,
      );
    }
    return { invoice, amount };
  });
  if (new Set(targets.map((t) => t.invoice.id)).size !== targets.length) {
    throw new ControlError(400, "An invoice appears twice");
  }
  const customerId =
    input.customerId !== undefined ? idOf(input.customerId, "customerId") : targets[0]?.invoice.customerId;
  if (customerId === undefined) throw new ControlError(400, "customerId or invoices is required");
  const customer = findCustomer(ctx, customerId);
  if (targets.some((t) => t.invoice.customerId !== customer.id)) {
    throw new ControlError(400, `Every invoice must belong to customer ${customer.id}`);
  }
  const applied = targets.reduce((sum, t) => sum + t.amount, 0);
  const total = input.amount === undefined ? applied : cents(input.amount, "amount");
  if (total < applied) throw new ControlError(400, "amount is less than the sum applied to invoices");
  const method = methodOf(input.method, 1);
  return newPayment(ctx, {
    customerId: customer.id,
    txnDate: day(input.txnDate, "txnDate", today(ctx)),
    currency: customer.currency,
    total,
    links: targets.flatMap((t) => [t.invoice.id, LINK_INVOICE, t.amount]),
    method,
    ...(input.refNum ? { refNum: String(input.refNum) } : {}),
    ...(input.privateNote ? { privateNote: String(input.privateNote) } : {}),
  });
}

/** Pays one invoice, in full by default. */
export function payInvoice(
  ctx: MutationContext,
  invoiceId: unknown,
  input: Omit<PaymentInput, "invoices" | "customerId"> = {},
): PaymentRecord {
  const invoice = findInvoice(ctx, invoiceId);
  return createPayment(ctx, {
    ...input,
    invoices: [{ id: invoice.id, ...(input.amount !== undefined ? { amount: input.amount } : {}) }],
  });
}

export function deletePayment(ctx: MutationContext, id: unknown): PaymentRecord {
  const payment = ctx.store.payments.get(idOf(id, "payment id"));
  if (!payment) throw new ControlError(404, `Payment ${id} not found`);
  ctx.store.removePayment(payment.id, ctx.now);
  record(ctx, "Payment", payment.id, "Delete");
  bumpTargets(ctx, payment);
  return payment;
}

export function createCreditMemo(ctx: MutationContext, input: CreditMemoInput): CreditMemoRecord {
  const customer = findCustomer(ctx, input.customerId);
  const lines = linesOf({ amount: input.amount });
  const total = linesTotal(lines);
  if (total <= 0) throw new ControlError(400, "amount must be positive");
  const memo: CreditMemoRecord = {
    id: ctx.store.nextTxnId++,
    syncToken: 0,
    created: ctx.now,
    updated: ctx.now,
    docNumber: String(ctx.store.nextDocNumber++),
    customerId: customer.id,
    txnDate: day(input.txnDate, "txnDate", today(ctx)),
    currency: customer.currency,
    lines,
    total,
    remaining: total,
    ...(customer.email ? { email: customer.email } : {}),
    ...(input.privateNote ? { privateNote: String(input.privateNote) } : {}),
  };
  let invoice: InvoiceRecord | undefined;
  let amount = 0;
  if (input.applyTo) {
    invoice = findInvoice(ctx, input.applyTo.invoiceId);
    if (invoice.customerId !== customer.id)
      throw new ControlError(400, "The invoice belongs to another customer");
    if (invoice.voided || invoice.balance === 0)
      throw new ControlError(400, `Invoice ${invoice.id} has nothing to pay`);
    amount = input.applyTo.amount === undefined ? total : cents(input.applyTo.amount, "applyTo.amount");
    amount = Math.min(amount, total, invoice.balance);
  }
  ctx.store.addCreditMemo(memo);
  record(ctx, "CreditMemo", memo.id, "Create");
  if (invoice) {
    const payment: PaymentRecord = {
      id: ctx.store.nextTxnId++,
      syncToken: 0,
      created: ctx.now,
      updated: ctx.now,
      customerId: customer.id,
      txnDate: memo.txnDate,
      currency: customer.currency,
      total: 0,
      links: [invoice.id, LINK_INVOICE, amount, memo.id, LINK_CREDIT_MEMO, amount],
      method: -1,
    };
    ctx.store.addPayment(payment);
    record(ctx, "Payment", payment.id, "Create");
    touch(ctx, invoice);
    record(ctx, "Invoice", invoice.id, "Update");
  }
  return memo;
}

/**
 * Takes an invoice out of the payments applied to it (before a void or a delete). The money
 * received stays on the payment as unapplied; a credit application (a payment of 0) that no
 * longer pays any invoice is deleted, which frees the credit again.
 */
export function detachInvoice(ctx: MutationContext, invoiceId: number): void {
  for (const payment of ctx.store.paymentsLinkedTo(invoiceId)) {
    const kept: number[] = [];
    for (let i = 0; i < payment.links.length; i += 3) {
      if (!(payment.links[i] === invoiceId && payment.links[i + 1] === LINK_INVOICE)) {
        kept.push(payment.links[i]!, payment.links[i + 1]!, payment.links[i + 2]!);
      }
    }
    const paysInvoices = kept.some((v, i) => i % 3 === 1 && v === LINK_INVOICE);
    if (!paysInvoices && payment.total === 0) {
      ctx.store.removePayment(payment.id, ctx.now);
      record(ctx, "Payment", payment.id, "Delete");
      for (let i = 0; i < kept.length; i += 3) {
        const memo = ctx.store.creditMemos.get(kept[i]!);
        if (memo) {
          touch(ctx, memo);
          record(ctx, "CreditMemo", memo.id, "Update");
        }
      }
      continue;
    }
    // Money that no longer pays an invoice stays unapplied; credits it used are released.
    ctx.store.setPaymentLinks(payment, paysInvoices ? kept : []);
    touch(ctx, payment);
    record(ctx, "Payment", payment.id, "Update");
  }
}
