/** 'Send statement' on Customer Details, and the company's monthly setting. */
import { randomUUID } from "node:crypto";
import { errorCodes, type StatementSettings, statementAddresses, statementMessages } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueStatementSends } from "../../jobs/send-statement.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { customerContacts } from "../contacts/index.ts";
import { companyToday } from "../receivables/index.ts";
import { findSettings, firstSendDay, scheduleSettings } from "../reminders/index.ts";
import * as ledger from "./ledger.repository.ts";
import { statementMessageId } from "./statement-email.ts";
import * as repo from "./statements.repository.ts";

/**
 * Emails the customer's statement to its billing contacts (those that have not bounced), through the
 * outbox: the row and its send job in one transaction. The PDF is made when it goes.
 */
export async function sendStatement(ctx: AppContext, companyId: string, userId: string, customerRef: string) {
  const customer = await ledger.findCustomer(ctx.db, companyId, customerRef);
  if (!customer) throw notFound("No such customer.");
  const hold = await ctx.gate.hold(companyId);
  if (hold?.code === errorCodes.subscriptionRequired) throw new AppError(402, hold.code, hold.message);
  const to = statementAddresses(await customerContacts(ctx.db, companyId, customerRef));
  if (to.length === 0) throw new AppError(409, errorCodes.conflict, statementMessages.noAddress);
  const { today } = await companyToday(ctx, companyId);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await repo.insertStatements(tx, [
      {
        id,
        companyId,
        customerQbId: customerRef,
        kind: "manual",
        month: null,
        decidedOn: today,
        messageId: statementMessageId(id, ctx.config.mailFrom),
        toAddresses: to,
        sentBy: userId,
        decidedAt: ctx.now(),
      },
    ]);
    await enqueueStatementSends(ctx, [id], tx);
  });
  return { statementId: id, status: "queued" as const, to };
}

export async function statementSettings(ctx: AppContext, companyId: string): Promise<StatementSettings> {
  const [{ monthly }, reminders] = await Promise.all([
    repo.findStatementSettings(ctx.db, companyId),
    findSettings(ctx.db, companyId),
  ]);
  if (!reminders) throw notFound("Company not found.");
  return {
    monthly,
    remindersOn: reminders.enabled,
    nextMonthlyOn: firstSendDay(scheduleSettings(reminders), ctx.now()).next,
  };
}

export async function saveStatementSettings(ctx: AppContext, companyId: string, monthly: boolean) {
  await repo.saveStatementSettings(ctx.db, companyId, monthly);
  return statementSettings(ctx, companyId);
}
