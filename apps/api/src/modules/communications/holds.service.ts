/**
 * Promises to pay and disputes, wherever they come from (the customer page, a user in the
 * invoice's thread, a reply's suggestion): the hold itself (holds module) and its message in each
 * invoice's thread, in one transaction; the company's users hear of the customer's own by email.
 */
import { randomUUID } from "node:crypto";
import {
  type DisputeReason,
  disputeReasonLabels,
  errorCodes,
  type HoldSource,
  holdMessages,
  type InvoiceRow,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { longDate } from "../../lib/dates.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import * as holds from "../holds/index.ts";
import { holdNoticeEmails } from "./holds.emails.ts";
import { insertMessage } from "./messages.repository.ts";

export type HoldInvoice = Pick<InvoiceRow, "id" | "docNumber" | "customerRef" | "customerName" | "email">;
/** Who records it: the customer on their page (no user), or a user, by hand or from a reply. */
export interface HoldActor {
  source: HoldSource;
  userId: string | null;
}

const day = (date: string) => longDate(date, "en-US");
const invoiceName = (i: HoldInvoice) => i.docNumber ?? i.id;

/** One entry of the invoice's thread that is not an email: the customer's word, or a user's update. */
async function threadEntry(
  db: DbOrTx,
  companyId: string,
  i: HoldInvoice,
  e: {
    kind: "promise" | "dispute" | "update";
    subject: string;
    text: string;
    at: Date;
    userId: string | null;
  },
) {
  const fromCustomer = e.kind !== "update";
  await insertMessage(db, {
    companyId,
    invoiceQbId: i.id,
    customerQbId: i.customerRef,
    direction: fromCustomer ? "inbound" : "outbound",
    kind: e.kind,
    status: fromCustomer ? "received" : "sent",
    messageId: `<${e.kind}.${randomUUID()}@recoup.invalid>`,
    fromAddress: fromCustomer ? (i.email ?? i.customerName) : "",
    toAddress: fromCustomer ? "" : (i.email ?? i.customerName),
    subject: e.subject,
    text: e.text,
    replyText: e.text,
    sentBy: e.userId,
    at: e.at,
  });
}

const sourceLine = (a: HoldActor) =>
  a.source === "customer_page"
    ? "Recorded by the customer on their page."
    : a.source === "reply"
      ? "Recorded from the customer's reply."
      : "Recorded by a user.";

/**
 * Records a promise to pay by `date` on each invoice (changing an open one). The date must be
 * from the company's today to 90 days ahead.
 */
export async function recordPromise(
  ctx: AppContext,
  companyId: string,
  invoices: HoldInvoice[],
  p: HoldActor & { date: string; note: string | null; today: string },
) {
  const problem = holds.promiseDateProblem(p.date, p.today);
  if (problem) throw badRequest(problem);
  const at = ctx.now();
  const { replaced } = await ctx.db.transaction(async (tx) => {
    const result = await holds.recordPromises(tx, {
      companyId,
      invoices: invoices.map((i) => ({ id: i.id, customerRef: i.customerRef })),
      date: p.date,
      note: p.note,
      source: p.source,
      by: p.userId,
      at,
    });
    const before = new Map(result.replaced.map((r) => [r.invoiceQbId, r.promisedFor]));
    for (const i of invoices) {
      const was = before.get(i.id);
      const lines = [
        was && was !== p.date
          ? `Promised to pay by ${day(p.date)} (was ${day(was)}).`
          : `Promised to pay by ${day(p.date)}.`,
        ...(p.note ? [`Note: ${p.note}`] : []),
        sourceLine(p),
      ];
      await threadEntry(tx, companyId, i, {
        kind: "promise",
        subject: `Promise to pay by ${day(p.date)}`,
        text: lines.join("\n\n"),
        at,
        userId: p.userId,
      });
    }
    if (p.source === "customer_page") {
      const [first] = invoices;
      await holdNoticeEmails(ctx, tx, companyId, {
        subject: holdMessages.promiseEmailSubject(first!.customerName, invoices.map(invoiceName).join(", ")),
        title: "A customer promised to pay",
        lines: [
          `${first!.customerName} promised on their page to pay ${invoices.length === 1 ? "invoice" : "invoices"} ${invoices.map(invoiceName).join(", ")} by ${day(p.date)}.`,
          ...(p.note ? [`Their note: ${p.note}`] : []),
          "Reminders for these invoices wait until the day after that date.",
        ],
        invoiceId: first!.id,
        customerRef: first!.customerRef,
      });
    }
    return result;
  });
  return replaced.length > 0 ? holdMessages.promiseChanged : holdMessages.promiseRecorded;
}

/** A user cancels the open promise: the invoice follows the schedule again. */
export async function cancelPromise(
  ctx: AppContext,
  companyId: string,
  invoice: HoldInvoice,
  userId: string,
) {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [ended] = await holds.endPromises(tx, companyId, [invoice.id], {
      reason: "cancelled",
      by: userId,
      at,
    });
    if (!ended) throw new AppError(409, errorCodes.conflict, holdMessages.noPromise);
    await threadEntry(tx, companyId, invoice, {
      kind: "update",
      subject: "Promise cancelled",
      text: `The promise to pay by ${day(ended.promisedFor)} was cancelled. Reminders follow the schedule again.`,
      at,
      userId,
    });
  });
  return holdMessages.promiseCancelled;
}

/** Opens a dispute on the invoice: it is not chased until a user resolves it. */
export async function recordDispute(
  ctx: AppContext,
  companyId: string,
  invoice: HoldInvoice,
  d: HoldActor & { reason: DisputeReason; message: string },
) {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const opened = await holds.openDispute(tx, {
      companyId,
      invoiceQbId: invoice.id,
      customerQbId: invoice.customerRef,
      reason: d.reason,
      message: d.message,
      source: d.source,
      by: d.userId,
      at,
    });
    if (!opened) throw new AppError(409, errorCodes.conflict, holdMessages.alreadyDisputed);
    const reason = disputeReasonLabels[d.reason];
    await threadEntry(tx, companyId, invoice, {
      kind: "dispute",
      subject: `Dispute: ${reason}`,
      text: [`Disputed: ${reason}.`, d.message, sourceLine(d)].join("\n\n"),
      at,
      userId: d.userId,
    });
    if (d.source === "customer_page") {
      await holdNoticeEmails(ctx, tx, companyId, {
        subject: holdMessages.disputeEmailSubject(invoice.customerName, invoiceName(invoice)),
        title: "A customer disputed an invoice",
        lines: [
          `${invoice.customerName} disputed invoice ${invoiceName(invoice)} on their page: ${reason}.`,
          `Their message: ${d.message}`,
          "Reminders for this invoice have stopped until you resolve the dispute in its thread.",
        ],
        invoiceId: invoice.id,
        customerRef: invoice.customerRef,
      });
    }
  });
  return holdMessages.disputeRecorded;
}

/** A user resolves the open dispute: chasing resumes. */
export async function resolveDispute(
  ctx: AppContext,
  companyId: string,
  invoice: HoldInvoice,
  userId: string,
) {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const resolved = await holds.resolveDispute(tx, companyId, invoice.id, userId, at);
    if (!resolved) throw new AppError(409, errorCodes.conflict, holdMessages.noDispute);
    await threadEntry(tx, companyId, invoice, {
      kind: "update",
      subject: "Dispute resolved",
      text: `The dispute (${disputeReasonLabels[resolved.reason]}) was resolved. Reminders follow the schedule again.`,
      at,
      userId,
    });
  });
  return holdMessages.disputeResolved;
}
