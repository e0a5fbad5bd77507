/** The control API's part for online payment: QuickBooks Payments on or off, and InvoiceLinks. */
import { ControlError } from "../accounting/changes.ts";
import type { CompanyStore } from "../accounting/store.ts";
import type { SandboxContext } from "../context.ts";
import { linkBlocker } from "./links.ts";

export interface InvoiceLinkAnswer {
  invoiceLink: string | null;
  /** Why there is no link (Payments off, online payment not allowed, no BillEmail, voided). */
  reason?: string;
}

export function setPayments(store: CompanyStore, enabled: unknown): { enabled: boolean } {
  if (typeof enabled !== "boolean") throw new ControlError(400, "enabled must be true or false");
  store.info.paymentsEnabled = enabled;
  return { enabled };
}

export function invoiceLink(sandbox: SandboxContext, store: CompanyStore, id: unknown): InvoiceLinkAnswer {
  const invoice = store.invoices.get(Number(id));
  if (!invoice) throw new ControlError(404, `Invoice ${id} not found`);
  const reason = linkBlocker(store.info, invoice);
  if (reason) return { invoiceLink: null, reason };
  return { invoiceLink: sandbox.invoiceLinks.url(store.info, invoice) ?? null };
}
