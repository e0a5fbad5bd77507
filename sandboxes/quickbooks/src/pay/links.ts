/**
 * InvoiceLink: the public "view and pay" address QuickBooks gives an invoice its customer can pay
 * online (Intuit's are `https://connect.intuit.com/t/scs-v1-…`). The sandbox's live on its own base
 * URL, so they are `http://localhost:<port>/t/scs-v1-…`: an app should take http links from
 * localhost only. A link names its realm and invoice and carries a MAC, so links cannot be
 * guessed; the key comes from the sandbox's seed, so links outlive a restart with the same seed.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { CompanyInfoRecord, InvoiceRecord } from "../accounting/records.ts";

/** `/t/scs-v1-<realmId>-<invoiceId>-<mac>` (realm ids may hold '-', the other two parts never). */
export const LINK_PATH =
  /^\/t\/scs-v1-(?<realmId>[0-9A-Za-z_-]{1,40})-(?<invoiceId>\d{1,15})-(?<mac>[0-9a-f]{32})$/;

/**
 * Why QuickBooks gives an invoice no link, or undefined when it gives one. Per the research
 * (pay-links.md): Payments on, online payment allowed on the invoice, a BillEmail. A paid invoice
 * keeps its link (its page says it is paid); a voided one has none (GUESS).
 */
export function linkBlocker(company: CompanyInfoRecord, invoice: InvoiceRecord): string | undefined {
  if (!company.paymentsEnabled) return "QuickBooks Payments is off for the company";
  if (!invoice.onlineCard && !invoice.onlineAch) return "The invoice does not allow online payment";
  if (!invoice.email) return "The invoice has no BillEmail";
  if (invoice.voided) return "The invoice is voided";
  return undefined;
}

export class InvoiceLinks {
  readonly #key: Buffer;

  constructor(
    readonly baseUrl: string,
    secret: string,
  ) {
    this.#key = createHash("sha256").update(`quickbooks-sandbox-pay:${secret}`).digest();
  }

  /** A MAC of `text` for one purpose (link, form), as hex. */
  sign(purpose: string, text: string): string {
    return createHmac("sha256", this.#key).update(`${purpose}\n${text}`).digest("hex").slice(0, 32);
  }

  verify(purpose: string, text: string, mac: string): boolean {
    const expected = Buffer.from(this.sign(purpose, text));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  path(realmId: string, invoiceId: number): string {
    return `/t/scs-v1-${realmId}-${invoiceId}-${this.sign("link", `${realmId}:${invoiceId}`)}`;
  }

  /** The invoice's InvoiceLink, or undefined when QuickBooks would give none. */
  url(company: CompanyInfoRecord, invoice: InvoiceRecord): string | undefined {
    if (linkBlocker(company, invoice)) return undefined;
    return `${this.baseUrl}${this.path(company.realmId, invoice.id)}?cta=viewinvoicenow&locale=en_US`;
  }

  /** The realm and invoice a link's path names, when its MAC is right. */
  parse(params: Record<string, string>): { realmId: string; invoiceId: number } | undefined {
    const { realmId = "", invoiceId = "", mac = "" } = params;
    if (!this.verify("link", `${realmId}:${invoiceId}`, mac)) return undefined;
    return { realmId, invoiceId: Number(invoiceId) };
  }
}
