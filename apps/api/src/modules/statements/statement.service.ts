/** One customer's statement: its figures read now, the PDF, and 'Download statement'. */
import { statementAddresses } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { customerContacts } from "../contacts/index.ts";
import { companyToday } from "../receivables/index.ts";
import { companyForEmail } from "../reminders/index.ts";
import { statementSections } from "./figures.ts";
import * as ledger from "./ledger.repository.ts";
import { renderStatementPdf } from "./statement-pdf.ts";

/** The customer's statement on the company's today, and what its email needs. */
export async function readStatement(ctx: AppContext, companyId: string, customerRef: string) {
  const customer = await ledger.findCustomer(ctx.db, companyId, customerRef);
  if (!customer) throw notFound("No such customer.");
  const [{ today }, company, invoices, credits, contacts] = await Promise.all([
    companyToday(ctx, companyId),
    companyForEmail(ctx, companyId),
    ledger.openInvoices(ctx.db, companyId, customerRef),
    ledger.openCredits(ctx.db, companyId, customerRef),
    customerContacts(ctx.db, companyId, customerRef),
  ]);
  const sections = statementSections(invoices, credits, today);
  // The thread a sent statement joins: the customer's invoice due longest ago.
  const oldest = [...invoices].sort((a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999"))[0];
  return {
    customer,
    company,
    today,
    sections,
    addresses: statementAddresses(contacts),
    threadInvoiceId: oldest?.id ?? null,
  };
}
export type Statement = Awaited<ReturnType<typeof readStatement>>;

export function statementFile(s: Statement) {
  const safe =
    s.customer.name
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "customer";
  return `Statement-${safe}-${s.today}.pdf`;
}

export function statementPdf(s: Statement) {
  return renderStatementPdf({
    company: {
      name: s.company.name,
      email: s.company.replyTo ?? null,
      locale: s.company.locale,
      logo: s.company.logo ?? null,
      logoType: s.company.logoType ?? null,
    },
    customer: { name: s.customer.name, companyName: s.customer.companyName, addresses: s.addresses },
    date: s.today,
    sections: s.sections,
  });
}

/** 'Download statement': the PDF and its file name. */
export async function downloadStatement(ctx: AppContext, companyId: string, customerRef: string) {
  const s = await readStatement(ctx, companyId, customerRef);
  return { filename: statementFile(s), pdf: await statementPdf(s) };
}
