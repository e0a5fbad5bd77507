import {
  type CompanyInfoRecord,
  type CreditMemoRecord,
  type CustomerRecord,
  type DeletedRecord,
  type EntityName,
  type InvoiceRecord,
  LINK_CREDIT_MEMO,
  LINK_INVOICE,
  type PaymentRecord,
} from "./records.ts";

/**
 * One company's data with the indexes that keep balances exact: every balance is recomputed
 * from integer cents (invoice = total − applied payments and credits; credit memo = total −
 * applied; customer = open invoices − unused credit − unapplied payments).
 */
export class CompanyStore {
  readonly customers = new Map<number, CustomerRecord>();
  readonly invoices = new Map<number, InvoiceRecord>();
  readonly payments = new Map<number, PaymentRecord>();
  readonly creditMemos = new Map<number, CreditMemoRecord>();
  /** Deleted transactions, for CDC (oldest first). */
  readonly deleted: DeletedRecord[] = [];
  /** Customers (name list) and transactions have their own Id sequences, as in QBO. */
  nextNameId = 1;
  nextTxnId = 1;
  nextDocNumber = 1001;
  /** Transaction ids (invoices, credit memos, payments) per customer. */
  readonly #byCustomer = new Map<number, number[]>();
  /** Payment ids linked to an invoice or credit memo. */
  readonly #linkedFrom = new Map<number, number[]>();

  constructor(public info: CompanyInfoRecord) {}

  map(entity: EntityName): Map<number, CustomerRecord | InvoiceRecord | PaymentRecord | CreditMemoRecord> {
    switch (entity) {
      case "Customer":
        return this.customers;
      case "Invoice":
        return this.invoices;
      case "Payment":
        return this.payments;
      case "CreditMemo":
        return this.creditMemos;
    }
  }

  /** After bulk loading (generators): builds the indexes and every balance in one pass. */
  rebuild(): void {
    this.#byCustomer.clear();
    this.#linkedFrom.clear();
    let maxTxn = 0;
    let maxName = 0;
    for (const c of this.customers.values()) maxName = Math.max(maxName, c.id);
    for (const map of [this.invoices, this.creditMemos, this.payments] as Map<
      number,
      { id: number; customerId: number }
    >[]) {
      for (const txn of map.values()) {
        this.#index(txn.customerId, txn.id);
        maxTxn = Math.max(maxTxn, txn.id);
      }
    }
    for (const payment of this.payments.values()) this.#linkPayment(payment);
    for (const id of this.invoices.keys()) this.#computeInvoice(id);
    for (const id of this.creditMemos.keys()) this.#computeCreditMemo(id);
    for (const id of this.customers.keys()) this.recomputeCustomer(id);
    this.nextNameId = Math.max(this.nextNameId, maxName + 1);
    this.nextTxnId = Math.max(this.nextTxnId, maxTxn + 1);
  }

  transactionsOf(customerId: number): readonly number[] {
    return this.#byCustomer.get(customerId) ?? [];
  }

  /** Payments whose lines point at this invoice or credit memo. */
  paymentsLinkedTo(txnId: number): PaymentRecord[] {
    const ids = this.#linkedFrom.get(txnId) ?? [];
    return ids.map((id) => this.payments.get(id)).filter((p): p is PaymentRecord => p !== undefined);
  }

  addCustomer(customer: CustomerRecord): void {
    this.customers.set(customer.id, customer);
    this.nextNameId = Math.max(this.nextNameId, customer.id + 1);
  }

  addInvoice(invoice: InvoiceRecord): void {
    this.invoices.set(invoice.id, invoice);
    this.#index(invoice.customerId, invoice.id);
    this.#computeInvoice(invoice.id);
    this.recomputeCustomer(invoice.customerId);
  }

  addCreditMemo(memo: CreditMemoRecord): void {
    this.creditMemos.set(memo.id, memo);
    this.#index(memo.customerId, memo.id);
    this.#computeCreditMemo(memo.id);
    this.recomputeCustomer(memo.customerId);
  }

  addPayment(payment: PaymentRecord): void {
    this.payments.set(payment.id, payment);
    this.#index(payment.customerId, payment.id);
    this.#linkPayment(payment);
    this.recomputeLinks(payment);
  }

  /** Replaces a payment's links (after an invoice it paid was voided or deleted). */
  setPaymentLinks(payment: PaymentRecord, links: number[]): void {
    this.#unlinkPayment(payment);
    const before = payment.links;
    payment.links = links;
    this.#linkPayment(payment);
    this.recomputeLinks({ ...payment, links: [...before, ...links] });
  }

  removePayment(id: number, at: number): PaymentRecord | undefined {
    const payment = this.payments.get(id);
    if (!payment) return undefined;
    this.payments.delete(id);
    this.#unindex(payment.customerId, id);
    this.#unlinkPayment(payment);
    this.recomputeLinks(payment);
    this.deleted.push({ entity: "Payment", id, at });
    return payment;
  }

  /** Removes an invoice or credit memo; payments must have been unlinked from it first. */
  removeTransaction(entity: "Invoice" | "CreditMemo", id: number, at: number): void {
    const map = entity === "Invoice" ? this.invoices : this.creditMemos;
    const txn = map.get(id);
    if (!txn) return;
    map.delete(id);
    this.#unindex(txn.customerId, id);
    this.#linkedFrom.delete(id);
    this.deleted.push({ entity, id, at });
    this.recomputeCustomer(txn.customerId);
  }

  /** Recomputes everything a payment touches: its invoices, credit memos and customer. */
  recomputeLinks(payment: PaymentRecord): void {
    for (let i = 0; i < payment.links.length; i += 3) {
      const txnId = payment.links[i]!;
      if (payment.links[i + 1] === LINK_INVOICE) this.#computeInvoice(txnId);
      else this.#computeCreditMemo(txnId);
    }
    this.recomputeCustomer(payment.customerId);
  }

  recomputeInvoice(id: number): void {
    const invoice = this.invoices.get(id);
    this.#computeInvoice(id);
    if (invoice) this.recomputeCustomer(invoice.customerId);
  }

  recomputeCustomer(customerId: number): void {
    const customer = this.customers.get(customerId);
    if (!customer) return;
    let balance = 0;
    for (const id of this.transactionsOf(customerId)) {
      const invoice = this.invoices.get(id);
      if (invoice) {
        balance += invoice.balance;
        continue;
      }
      const memo = this.creditMemos.get(id);
      if (memo) {
        balance -= memo.remaining;
        continue;
      }
      const payment = this.payments.get(id);
      if (payment) balance -= unapplied(payment);
    }
    customer.balance = balance;
  }

  #computeInvoice(id: number): void {
    const invoice = this.invoices.get(id);
    if (!invoice) return;
    invoice.balance = invoice.voided ? 0 : invoice.total - this.#applied(id, LINK_INVOICE);
  }

  #computeCreditMemo(id: number): void {
    const memo = this.creditMemos.get(id);
    if (memo) memo.remaining = memo.total - this.#applied(id, LINK_CREDIT_MEMO);
  }

  #applied(txnId: number, kind: number): number {
    let sum = 0;
    for (const payment of this.paymentsLinkedTo(txnId)) {
      const links = payment.links;
      for (let i = 0; i < links.length; i += 3) {
        if (links[i] === txnId && links[i + 1] === kind) sum += links[i + 2]!;
      }
    }
    return sum;
  }

  #index(customerId: number, txnId: number): void {
    const list = this.#byCustomer.get(customerId);
    if (list) list.push(txnId);
    else this.#byCustomer.set(customerId, [txnId]);
  }

  #unindex(customerId: number, txnId: number): void {
    const list = this.#byCustomer.get(customerId);
    if (list)
      this.#byCustomer.set(
        customerId,
        list.filter((id) => id !== txnId),
      );
  }

  #linkPayment(payment: PaymentRecord): void {
    for (let i = 0; i < payment.links.length; i += 3) {
      const txnId = payment.links[i]!;
      const list = this.#linkedFrom.get(txnId);
      if (!list) this.#linkedFrom.set(txnId, [payment.id]);
      else if (!list.includes(payment.id)) list.push(payment.id);
    }
  }

  #unlinkPayment(payment: PaymentRecord): void {
    for (let i = 0; i < payment.links.length; i += 3) {
      const txnId = payment.links[i]!;
      const list = this.#linkedFrom.get(txnId);
      if (list)
        this.#linkedFrom.set(
          txnId,
          list.filter((id) => id !== payment.id),
        );
    }
  }
}

/** What a payment received beyond what it applies to invoices (net of credits used). */
export function unapplied(payment: PaymentRecord): number {
  let applied = 0;
  for (let i = 0; i < payment.links.length; i += 3) {
    const amount = payment.links[i + 2]!;
    applied += payment.links[i + 1] === LINK_INVOICE ? amount : -amount;
  }
  return payment.total - applied;
}

export { LINK_CREDIT_MEMO, LINK_INVOICE };
