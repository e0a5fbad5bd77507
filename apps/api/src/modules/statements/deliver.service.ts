/**
 * Sending a statement of the outbox, then recording it sent with its thread message in one
 * transaction. A crash between the SMTP server's acceptance and that record sends it again with the
 * same Message-ID; every other crash point sends it once. A failure is recorded and thrown, so the
 * queue retries with backoff; after the last attempt the statement stays visible as failed.
 */
import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { addressOf } from "../../integrations/mail/mailer.ts";
import { STATEMENT_ATTEMPTS } from "../../jobs/send-statement.ts";
import { dateIn } from "../../lib/dates.ts";
import { type OutboundMessage, recordOutbound, threadHeaders } from "../communications/index.ts";
import { mintCustomerLink } from "../customer-links/index.ts";
import { activePauses } from "../pauses/index.ts";
import { findSettings, followedSchedules, outgoingEmail } from "../reminders/index.ts";
import * as ledger from "./ledger.repository.ts";
import { readStatement, type Statement, statementFile, statementPdf } from "./statement.service.ts";
import { statementEmail } from "./statement-email.ts";
import * as repo from "./statements.repository.ts";

export async function deliverStatement(ctx: AppContext, statementId: string): Promise<void> {
  const row = await repo.findStatement(ctx.db, statementId);
  if (row?.status !== "queued") return;
  const stop = await stopReason(ctx, row);
  if (stop) {
    await repo.updateStatement(ctx.db, row.id, { status: "cancelled", error: stop });
    return;
  }
  const attempts = await repo.countAttempt(ctx.db, row.id);
  if (attempts === undefined) return;
  let s: Statement | undefined;
  try {
    if (!ctx.mailer) throw new Error("SMTP_URL is not set: cannot send email");
    s = await readStatement(ctx, row.companyId, row.customerQbId);
    const link = await mintCustomerLink(
      ctx,
      { companyId: row.companyId, customerQbId: row.customerQbId, invoiceQbId: null },
      { id: row.id },
    );
    const rendered = statementEmail(s.company, s.customer.name, s.today, s.sections, link, ctx.now());
    const pdf = {
      filename: statementFile(s),
      contentType: "application/pdf",
      content: await statementPdf(s),
    };
    // Replies go to the thread's invoice's reply address; the statement starts its own conversation.
    const replyTo = s.threadInvoiceId
      ? (await threadHeaders(ctx, row.companyId, [s.threadInvoiceId])).get(s.threadInvoiceId)?.replyTo
      : undefined;
    await ctx.mailer.send({
      ...outgoingEmail(
        s.company,
        rendered,
        row.toAddresses.join(", "),
        row.messageId,
        replyTo ? { replyTo } : {},
      ),
      attachments: [pdf],
      kind: "statement",
    });
    const at = ctx.now();
    const message = inThread(row, s, {
      status: "sent",
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      from: `${s.company.name} <${addressOf(ctx.config.mailFrom)}>`,
      replyTo,
      attachments: [{ filename: pdf.filename, contentType: pdf.contentType, size: pdf.content.length }],
      at,
    });
    await ctx.db.transaction(async (tx) => {
      await repo.updateStatement(tx, row.id, {
        status: "sent",
        subject: rendered.subject,
        sentAt: at,
        error: null,
      });
      await recordOutbound(tx, [message]);
    });
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
    const last = attempts >= STATEMENT_ATTEMPTS;
    await repo.updateStatement(ctx.db, row.id, { error, ...(last ? { status: "failed" as const } : {}) });
    if (!last) throw err;
    // The thread shows a send that failed for good.
    if (s)
      await recordOutbound(ctx.db, [
        inThread(row, s, {
          status: "failed",
          subject: row.subject || "Statement of account",
          error,
          at: ctx.now(),
        }),
      ]);
  }
}

function inThread(
  row: repo.StatementRow,
  s: Statement,
  m: Pick<OutboundMessage, "status" | "subject" | "at"> &
    Partial<Pick<OutboundMessage, "html" | "text" | "from" | "attachments" | "error">> & { replyTo?: string },
): OutboundMessage {
  return {
    companyId: row.companyId,
    invoiceId: s.threadInvoiceId,
    customerRef: row.customerQbId,
    kind: "statement",
    status: m.status,
    messageId: row.messageId,
    headers: m.replyTo ? { replyTo: m.replyTo } : {},
    from: m.from ?? "",
    to: row.toAddresses.join(", "),
    subject: m.subject,
    html: m.html ?? "",
    text: m.text ?? "",
    error: m.error ?? null,
    attachments: m.attachments ?? [],
    sentBy: row.sentBy,
    at: m.at,
  };
}

/**
 * Why a queued monthly statement must not go any more, checked just before sending: reminders or
 * monthly statements turned off, the customer paused or no longer chased, the subscription, or
 * nothing owed now. One sent by hand goes as asked.
 */
async function stopReason(ctx: AppContext, row: repo.StatementRow): Promise<string | null> {
  if (row.kind !== "monthly") return null;
  const settings = await findSettings(ctx.db, row.companyId);
  if (!settings?.enabled) return "Automatic reminders were turned off.";
  if (!(await repo.findStatementSettings(ctx.db, row.companyId)).monthly)
    return "Monthly statements were turned off.";
  const today = dateIn(settings.timezone, ctx.now());
  const pauses = await activePauses(ctx.db, row.companyId, today);
  if (pauses.some((p) => p.scope === "customer" && p.targetQbId === row.customerQbId))
    return "Reminders to this customer were paused.";
  const followed = await followedSchedules(ctx.db, row.companyId, Number(settings.followUpInterval));
  if (followed.scheduleOf(row.customerQbId) === null) return "The customer is no longer chased.";
  const hold = await ctx.gate.hold(row.companyId);
  if (hold?.code === errorCodes.subscriptionRequired) return hold.message;
  const owed = await ledger.balancesOwed(ctx.db, row.companyId, [row.customerQbId]);
  if (!owed.some((o) => o.netCents > 0)) return "The customer owes nothing now.";
  return null;
}
