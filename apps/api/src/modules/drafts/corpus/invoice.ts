/**
 * The invoice the guard's corpora are about, and the company writing: its profile, its signature
 * (with its own address, phone, website and bank account) and its customer's page in the app.
 */
import { companyAllowList } from "../allow-list.ts";
import type { GuardRecord } from "../guard.ts";

export const RECORD: GuardRecord = {
  locale: "en-US",
  currency: "USD",
  invoiceNumber: "1042",
  amountsCents: [125_000, 200_000],
  dates: ["2026-03-31", "2026-02-28"],
  daysOverdue: 14,
};

export const COMPANY = {
  name: "Acme Supplies",
  replyTo: "billing@acmesupplies.com",
  signature:
    '<p><strong>Acme Supplies</strong><br>123 Main Street, Springfield, IL 62704<br>Phone: (415) 555-0142 · <a href="https://acmesupplies.com">acmesupplies.com</a><br>Bank transfer: IBAN GB29 NWBK 6016 1331 9268 19</p>',
};

export const CUSTOMER = "Ada Lovelace";
export const CUSTOMER_PAGE = "https://app.recoup.test/c/7f3a9c";

export const ALLOW = companyAllowList(COMPANY, CUSTOMER, [CUSTOMER_PAGE]);
