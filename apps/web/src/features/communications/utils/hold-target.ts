import type { HoldSource } from "@recoup/contracts";

/** Who recorded a promise or a dispute, as the thread's panels say it. */
export const holdSourceText: Record<HoldSource, string> = {
  customer_page: "by the customer on their page",
  user: "by your team",
  reply: "from the customer's reply",
};

/** What the thread's promise and dispute panels act on. */
export interface HoldTarget {
  companyId: string;
  invoiceId: string;
  /** "invoice #1042". */
  what: string;
  /** The company's today. */
  today: string;
  /** Paid or voided invoices take no new promise or dispute. */
  open: boolean;
}
