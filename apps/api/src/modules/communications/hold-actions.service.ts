/** A user's promise and dispute actions from the invoice's thread: the invoice must be open. */
import {
  errorCodes,
  type HoldResponse,
  holdMessages,
  type RecordDisputeRequest,
  type RecordPromiseRequest,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import * as holds from "../holds/index.ts";
import { companyToday } from "../receivables/index.ts";
import * as actions from "./holds.service.ts";
import { markHandled } from "./thread.service.ts";
import { threadInvoice } from "./threads.repository.ts";

/** The invoice acted on, with the company's today; it must be open unless `paidToo`. */
async function invoiceFor(ctx: AppContext, companyId: string, invoiceId: string, paidToo = false) {
  const { today } = await companyToday(ctx, companyId);
  const invoice = await threadInvoice(ctx.db, companyId, invoiceId, today);
  if (!invoice) throw notFound("No such invoice.");
  if (!paidToo && invoice.balanceCents <= 0)
    throw new AppError(409, errorCodes.conflict, holdMessages.invoiceNotOpen);
  return { invoice, today };
}

/** The invoice's holds after an action, with the sentence to show. */
async function answer(ctx: AppContext, companyId: string, invoiceId: string, today: string, message: string) {
  const held = await holds.holdsOn(ctx.db, companyId, [invoiceId]);
  return { data: holds.holdDetails(held, invoiceId, today), message } satisfies HoldResponse;
}

const actor = (userId: string, source: "user" | "reply" | undefined) => ({
  userId,
  source: source ?? "user",
});
/** Applying what a reply says deals with it: the reply is handled, its pause lifted (the hold now holds). */
async function replyDealtWith(
  ctx: AppContext,
  userId: string,
  companyId: string,
  invoiceId: string,
  source?: string,
) {
  if (source === "reply") await markHandled(ctx, companyId, invoiceId, userId);
}

export async function userRecordsPromise(ctx: AppContext, userId: string, b: RecordPromiseRequest) {
  const { invoice, today } = await invoiceFor(ctx, b.companyId, b.invoiceId);
  const message = await actions.recordPromise(ctx, b.companyId, [invoice], {
    ...actor(userId, b.source),
    date: b.date,
    note: b.note || null,
    today,
  });
  await replyDealtWith(ctx, userId, b.companyId, invoice.id, b.source);
  return answer(ctx, b.companyId, invoice.id, today, message);
}

export async function userCancelsPromise(
  ctx: AppContext,
  userId: string,
  companyId: string,
  invoiceId: string,
) {
  const { invoice, today } = await invoiceFor(ctx, companyId, invoiceId);
  const message = await actions.cancelPromise(ctx, companyId, invoice, userId);
  return answer(ctx, companyId, invoice.id, today, message);
}

export async function userRecordsDispute(ctx: AppContext, userId: string, b: RecordDisputeRequest) {
  const { invoice, today } = await invoiceFor(ctx, b.companyId, b.invoiceId);
  const message = await actions.recordDispute(ctx, b.companyId, invoice, {
    ...actor(userId, b.source),
    reason: b.reason,
    message: b.message,
  });
  await replyDealtWith(ctx, userId, b.companyId, invoice.id, b.source);
  return answer(ctx, b.companyId, invoice.id, today, message);
}

/** Resolving works on a paid invoice too: its dispute is then simply closed. */
export async function userResolvesDispute(
  ctx: AppContext,
  userId: string,
  companyId: string,
  invoiceId: string,
) {
  const { invoice, today } = await invoiceFor(ctx, companyId, invoiceId, true);
  const message = await actions.resolveDispute(ctx, companyId, invoice, userId);
  return answer(ctx, companyId, invoice.id, today, message);
}
