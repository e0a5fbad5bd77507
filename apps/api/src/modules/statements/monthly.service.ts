/**
 * Monthly statements (decision 0019): on the first send day of each month in the company's zone,
 * with its send window open, each customer with a balance gets one, once. Decided in one transaction
 * under the company's lock: the rows on their unique key (company, customer, month), a statement
 * already decided skipped, with their send jobs.
 */
import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueStatementSends } from "../../jobs/send-statement.ts";
import { activePauses } from "../pauses/index.ts";
import { findSettings, firstSendDay, followedSchedules, scheduleSettings } from "../reminders/index.ts";
import * as ledger from "./ledger.repository.ts";
import { statementMessageId } from "./statement-email.ts";
import * as repo from "./statements.repository.ts";

/**
 * The cron run: every company with monthly statements and reminders on. One company's failure
 * does not stop the others'; the run then fails (the queue shows it), and the next run tries again.
 */
export async function planStatements(ctx: AppContext) {
  let decided = 0;
  const failed: unknown[] = [];
  for (const companyId of await repo.monthlyCompanies(ctx.db)) {
    try {
      const outcome = await planCompanyStatements(ctx, companyId);
      if (outcome.outcome === "planned") decided += outcome.decided;
    } catch (err) {
      failed.push(err);
    }
  }
  if (failed.length)
    throw new AggregateError(failed, `monthly statements: ${failed.length} companies failed`);
  return { decided };
}

export type StatementPlan =
  | { outcome: "skipped"; reason: "off" | "not the day" | "held" }
  | { outcome: "planned"; decided: number; month: string };

/** One company's monthly statements, safe to repeat at any moment. */
export async function planCompanyStatements(ctx: AppContext, companyId: string): Promise<StatementPlan> {
  const now = ctx.now();
  const s = await findSettings(ctx.db, companyId);
  if (!s?.enabled || !(await repo.findStatementSettings(ctx.db, companyId)).monthly)
    return { outcome: "skipped", reason: "off" };
  const day = firstSendDay(scheduleSettings(s), now);
  if (!day.due) return { outcome: "skipped", reason: "not the day" };
  // A plan's monthly limit counts invoices reminded; statements are held only by the subscription.
  if ((await ctx.gate.hold(companyId))?.code === errorCodes.subscriptionRequired)
    return { outcome: "skipped", reason: "held" };
  const decided = await ctx.db.transaction(async (tx) => {
    await repo.lockCompanyStatements(tx, companyId);
    // One after another: inside the transaction they share one connection.
    const owed = await ledger.balancesOwed(tx, companyId);
    const paused = new Set(
      (await activePauses(tx, companyId, day.today))
        .filter((p) => p.scope === "customer")
        .map((p) => p.targetQbId),
    );
    const followed = await followedSchedules(tx, companyId, Number(s.followUpInterval));
    const owing = [...new Set(owed.filter((o) => o.netCents > 0).map((o) => o.customerRef))].filter(
      (ref) => !paused.has(ref) && followed.scheduleOf(ref) !== null,
    );
    const addresses = await ledger.billingAddresses(tx, companyId, owing);
    const rows = owing.flatMap((customerRef) => {
      const to = addresses.get(customerRef);
      // Without an address nothing is decided: a contact added later that day still gets it.
      if (!to?.length) return [];
      const id = crypto.randomUUID();
      return [
        {
          id,
          companyId,
          customerQbId: customerRef,
          kind: "monthly" as const,
          month: day.month,
          decidedOn: day.today,
          messageId: statementMessageId(id, ctx.config.mailFrom),
          toAddresses: to,
          decidedAt: now,
        },
      ];
    });
    const inserted = await repo.insertStatements(tx, rows);
    await enqueueStatementSends(ctx, inserted, tx);
    return inserted.length;
  });
  return { outcome: "planned", decided, month: day.month };
}
