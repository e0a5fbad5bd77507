import { customerPageMessages, type DraftEmail, draftProviderLabels, errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { LlmError } from "../../integrations/llm/chat.ts";
import { dateIn } from "../../lib/dates.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { escapeHtml } from "../../lib/html.ts";
import { companyForEmail } from "../reminders/index.ts";
import { type AllowList, companyAllowList } from "./allow-list.ts";
import { composeDraft, type WrittenDraft } from "./composer.ts";
import * as repo from "./drafts.repository.ts";
import { customerReply, type DraftInput, draftFacts, guardRecord } from "./facts.ts";
import { guardDraft } from "./guard.ts";
import type { DraftWriter } from "./writers.ts";

/**
 * The facts of the invoice and its thread, and what a model's draft may carry besides them (the
 * company's own details: no link, the customer page's is added after); 404 unless it is the company's
 * and the customer's.
 */
async function draftInput(
  ctx: AppContext,
  companyId: string,
  customerRef: string,
  invoiceId: string,
): Promise<{ input: DraftInput; allow: AllowList }> {
  const company = await companyForEmail(ctx, companyId);
  const now = ctx.now();
  const [invoice, history, reply] = await Promise.all([
    repo.draftInvoice(ctx.db, companyId, invoiceId, dateIn(company.timezone, now)),
    repo.sentReminders(ctx.db, companyId, invoiceId),
    repo.unansweredReply(ctx.db, companyId, invoiceId),
  ]);
  if (!invoice || invoice.deleted || invoice.customerRef !== customerRef) {
    throw notFound("No such invoice for this customer.");
  }
  if (invoice.status === "Voided" || invoice.status === "Paid") {
    throw new AppError(409, errorCodes.notRemindable, `The invoice is ${invoice.status.toLowerCase()}.`);
  }
  return {
    input: { facts: draftFacts(company, invoice, history, now), reply: customerReply(reply, company) },
    allow: companyAllowList(company, invoice.customerName),
  };
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** Why a model's draft was not used, for the metrics: the guard stopped it, it was late, or it failed. */
type Refusal = "guarded" | "timeout" | "failed";

/**
 * The model's draft, if it answers in time with a draft the guard lets through (its figures on the
 * invoice, its details the company's own); otherwise why not.
 */
async function modelDraft(
  writer: DraftWriter,
  input: DraftInput,
  allow: AllowList,
  timeoutMs: number,
): Promise<{ draft: WrittenDraft } | { reason: string; refusal: Refusal }> {
  const label = `${draftProviderLabels[writer.name]} (${writer.model})`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const draft = await writer.write(input, controller.signal);
    const wrong = guardDraft(draft, guardRecord(input.facts), allow);
    return wrong ? { reason: wrong, refusal: "guarded" } : { draft };
  } catch (error) {
    if (controller.signal.aborted || (error instanceof LlmError && error.failure === "timeout")) {
      return { reason: `${label} did not answer within ${seconds(timeoutMs)}`, refusal: "timeout" };
    }
    const why = error instanceof LlmError ? error.message : `failed: ${String(error)}`;
    return { reason: `${label} ${why}`, refusal: "failed" };
  } finally {
    clearTimeout(timer);
  }
}

/** Plain text as HTML paragraphs (blank lines part them, single line breaks stay), escaped. */
export const paragraphsHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

const PAY_LINK_PARAGRAPH = `<p><a href="{payment_link}">${customerPageMessages.viewAndPay}</a></p>`;

/**
 * GET draft-email: the writer's draft when it is a model that answered in time with only the
 * invoice's figures, else the composer's, with the reason a model's was not used.
 */
export async function draftEmail(
  ctx: AppContext,
  writer: DraftWriter,
  q: { companyId: string; customerRef: string; invoiceId: string },
): Promise<DraftEmail> {
  const { input, allow } = await draftInput(ctx, q.companyId, q.customerRef, q.invoiceId);
  const outcome =
    writer.name === "composer"
      ? undefined
      : await modelDraft(writer, input, allow, ctx.config.drafts.timeoutMs);
  const used = outcome && "draft" in outcome ? outcome.draft : composeDraft(input);
  const byModel = outcome !== undefined && "draft" in outcome;
  ctx.metrics.drafts.inc({
    provider: writer.name,
    outcome: outcome === undefined ? "composer" : "draft" in outcome ? "accepted" : outcome.refusal,
  });
  return {
    subject: used.subject,
    body: used.body,
    // The customer page's link, added by the app (a model's draft may carry no link at all): it
    // stays `{payment_link}` here and becomes the email's own new link when the draft is sent.
    html: `${paragraphsHtml(used.body)}${PAY_LINK_PARAGRAPH}`,
    stage: input.facts.stage,
    provider: byModel ? writer.name : "composer",
    model: byModel ? writer.model : null,
    fallbackReason: outcome && "reason" in outcome ? outcome.reason : null,
  };
}
