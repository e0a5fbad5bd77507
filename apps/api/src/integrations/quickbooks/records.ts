/**
 * Intuit's Accounting API entities, parsed at the edge into typed records: amounts become integer
 * cents (read through their decimal text), references become ids, absent fields become null.
 * Nothing outside `integrations/quickbooks` sees the wire shape.
 */
export const QBO_ENTITIES = ["Customer", "Invoice", "Payment", "CreditMemo"] as const;

export type QboEntityName = (typeof QBO_ENTITIES)[number];

/** Records in another currency than the company's home one carry QuickBooks' rate to it. */
export interface InCurrency {
  currency: string;
  /** ExchangeRate as decimal text (home currency per unit); null in the home currency. */
  exchangeRate: string | null;
}

/** What every synced record carries. */
export interface QboMeta {
  id: string;
  syncToken: string;
  lastUpdated: Date;
  /** CDC reports deletions as a stub with `status: "Deleted"`. */
  deleted: boolean;
}

export interface QboCustomer extends QboMeta {
  displayName: string;
  companyName: string | null;
  /** The first address of PrimaryEmailAddr, as sent. */
  email: string | null;
  /** Every valid address in PrimaryEmailAddr (QuickBooks keeps several, comma-separated), lowercase. */
  emails: string[];
  phone: string | null;
  currency: string;
  balanceCents: number;
  active: boolean;
}

export interface QboInvoice extends QboMeta, InCurrency {
  docNumber: string | null;
  customerId: string;
  customerName: string | null;
  txnDate: string;
  dueDate: string | null;
  currency: string;
  totalCents: number;
  balanceCents: number;
  /** BillEmail, BillEmailCc and BillEmailBcc as sent (each may be a comma-separated list). */
  email: string | null;
  billEmailCc: string | null;
  billEmailBcc: string | null;
  privateNote: string | null;
}

/** One payment or credit-memo line against an invoice. */
export interface QboApplication {
  invoiceId: string;
  amountCents: number;
  /** Stable position of the link: line index × 100 + link index. */
  line: number;
}

export interface QboPayment extends QboMeta, InCurrency {
  customerId: string;
  txnDate: string;
  currency: string;
  totalCents: number;
  unappliedCents: number;
  applications: QboApplication[];
}

export interface QboCreditMemo extends QboMeta, InCurrency {
  docNumber: string | null;
  customerId: string;
  txnDate: string;
  currency: string;
  totalCents: number;
  remainingCents: number;
  applications: QboApplication[];
}

export interface QboRecords {
  Customer: QboCustomer;
  Invoice: QboInvoice;
  Payment: QboPayment;
  CreditMemo: QboCreditMemo;
}

export type QboRecord = QboRecords[QboEntityName];
