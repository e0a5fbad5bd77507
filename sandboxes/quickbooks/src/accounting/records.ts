/**
 * Compact in-memory records of a company's data. Amounts are integer cents; dates are day
 * numbers (see time.ts); times are epoch milliseconds. The Intuit JSON is built on demand
 * (entities.ts), so a company of 100,000 invoices stays small.
 */

export const ENTITIES = ["Customer", "Invoice", "Payment", "CreditMemo"] as const;
export type EntityName = (typeof ENTITIES)[number];

/** Every QBO entity name the query and CDC endpoints know; those without data answer empty. */
export const OTHER_QBO_ENTITIES = [
  "Account",
  "Bill",
  "BillPayment",
  "Budget",
  "Class",
  "CompanyCurrency",
  "Department",
  "Deposit",
  "Employee",
  "Estimate",
  "Item",
  "JournalEntry",
  "PaymentMethod",
  "Preferences",
  "Purchase",
  "PurchaseOrder",
  "RefundReceipt",
  "SalesReceipt",
  "TaxCode",
  "TaxRate",
  "Term",
  "TimeActivity",
  "Transfer",
  "Vendor",
  "VendorCredit",
] as const;

export interface Meta {
  id: number;
  syncToken: number;
  created: number;
  updated: number;
}

export interface Address {
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface CustomerRecord extends Meta {
  displayName: string;
  givenName?: string;
  familyName?: string;
  companyName?: string;
  /** The first address of PrimaryEmailAddr: what a new invoice is billed to. */
  email?: string;
  /** Its other addresses: QuickBooks keeps them in the same field, comma-separated. */
  moreEmails?: string[];
  phone?: string;
  address?: Address;
  currency: string;
  active: boolean;
  notes?: string;
  /** Kept up to date by the store: open invoices − unused credit − unapplied payments (cents). */
  balance: number;
}

/** Sales lines as flat triplets: item index (into ITEMS), quantity, unit price in cents. */
export type Lines = number[];

export type EmailStatus = "NotSet" | "NeedToSend" | "EmailSent";

export interface InvoiceRecord extends Meta {
  docNumber: string;
  customerId: number;
  txnDate: number;
  dueDate: number;
  /** Index into TERMS. */
  term: number;
  currency: string;
  lines: Lines;
  total: number;
  /** Kept up to date by the store (cents). */
  balance: number;
  email?: string;
  /** BillEmailCc and BillEmailBcc: comma-separated lists, as QuickBooks keeps them. */
  emailCc?: string;
  emailBcc?: string;
  emailStatus: EmailStatus;
  sentAt?: number;
  privateNote?: string;
  voided: boolean;
  /** The invoice's payment options (AllowOnlineCreditCardPayment / AllowOnlineACHPayment). */
  onlineCard?: boolean;
  onlineAch?: boolean;
}

export interface CreditMemoRecord extends Meta {
  docNumber: string;
  customerId: number;
  txnDate: number;
  currency: string;
  lines: Lines;
  total: number;
  /** Kept up to date by the store (cents). */
  remaining: number;
  email?: string;
  privateNote?: string;
}

export const LINK_INVOICE = 0;
export const LINK_CREDIT_MEMO = 1;

export interface PaymentRecord extends Meta {
  customerId: number;
  txnDate: number;
  currency: string;
  total: number;
  /** Flat triplets: linked transaction id, LINK_INVOICE or LINK_CREDIT_MEMO, amount in cents. */
  links: number[];
  /** Index into PAYMENT_METHODS. */
  method: number;
  refNum?: string;
  privateNote?: string;
}

export interface DeletedRecord {
  entity: EntityName;
  id: number;
  at: number;
}

export const ITEMS = [
  { id: "1", name: "Services", description: "Professional services", price: 15000 },
  { id: "2", name: "Hours", description: "Consulting hours", price: 9500 },
  { id: "3", name: "Design", description: "Custom design", price: 7500 },
  { id: "4", name: "Installation", description: "Installation labour", price: 5000 },
  { id: "5", name: "Maintenance", description: "Monthly maintenance plan", price: 12000 },
  { id: "6", name: "Materials", description: "Materials and supplies", price: 2550 },
  { id: "7", name: "Training", description: "On-site training session", price: 45000 },
  { id: "8", name: "Support", description: "Priority support", price: 30000 },
] as const;

/** QBO's default terms (SalesTermRef values). */
export const TERMS = [
  { id: "1", name: "Due on receipt", days: 0 },
  { id: "2", name: "Net 15", days: 15 },
  { id: "3", name: "Net 30", days: 30 },
  { id: "4", name: "Net 60", days: 60 },
] as const;

export const PAYMENT_METHODS = [
  { id: "1", name: "Cash" },
  { id: "2", name: "Check" },
  { id: "3", name: "Credit Card" },
  { id: "4", name: "Bank Transfer" },
] as const;

export const CURRENCIES: Record<string, { name: string; rate: number }> = {
  USD: { name: "United States Dollar", rate: 1 },
  CAD: { name: "Canadian Dollar", rate: 0.73 },
  EUR: { name: "Euro", rate: 1.08 },
  GBP: { name: "British Pound Sterling", rate: 1.27 },
  AUD: { name: "Australian Dollar", rate: 0.66 },
};

export function linesTotal(lines: Lines): number {
  let total = 0;
  for (let i = 0; i < lines.length; i += 3) total += lines[i + 1]! * lines[i + 2]!;
  return total;
}

/** The identity and settings of the company itself (CompanyInfo). */
export interface CompanyInfoRecord {
  realmId: string;
  name: string;
  country: string;
  currency: string;
  email: string;
  phone: string;
  address: Address;
  startDate: number;
  created: number;
  updated: number;
  /** QuickBooks Payments is on: invoices allowing online payment get an InvoiceLink. */
  paymentsEnabled: boolean;
}
