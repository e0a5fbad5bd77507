/** Writing decisions into the outbox: a planning run's, in one statement, and a manual send's cycle. */
import { and, eq, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { reminders } from "../../db/schema/index.ts";
import type { NewReminder } from "./reminders.repository.ts";

/** A planner's decision: an outbox row with the defaults of everything else. */
export type Decision = Required<
  Pick<
    NewReminder,
    | "id"
    | "companyId"
    | "invoiceQbId"
    | "stage"
    | "cycle"
    | "scheduledFor"
    | "templateType"
    | "messageId"
    | "groupId"
    | "toAddress"
    | "decidedAt"
  >
>;
/**
 * Inserts a planning run's decisions with one statement (one JSON parameter, however many); one
 * already taken (same company, invoice, stage, cycle) is skipped. Answers the new ids.
 */
export async function insertDecisions(tx: DbOrTx, rows: readonly Decision[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  const result = await tx.execute(sql`
    insert into ${reminders} (id, company_id, invoice_qb_id, stage, cycle, scheduled_for, template_type,
      message_id, group_id, to_address, decided_at)
    select "id", "companyId", "invoiceQbId", "stage", "cycle", "scheduledFor", "templateType", "messageId",
      "groupId", "toAddress", "decidedAt"
    from json_to_recordset(${JSON.stringify(rows)}::json) as d("id" uuid, "companyId" uuid, "invoiceQbId" text,
      "stage" text, "cycle" integer, "scheduledFor" date, "templateType" text, "messageId" text, "groupId" uuid,
      "toAddress" text, "decidedAt" timestamptz)
    on conflict (company_id, invoice_qb_id, stage, cycle) do nothing
    returning id::text as "id"`);
  return (result as unknown as { rows: { id: string }[] }).rows;
}
/** Rows per insert: far under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 1000;
/** Inserts decisions; one already taken (same company, invoice, stage, cycle) is skipped. Answers the new ids. */
export async function insertReminders(tx: DbOrTx, rows: NewReminder[]) {
  const ids: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    ids.push(
      ...(await tx
        .insert(reminders)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing({
          target: [reminders.companyId, reminders.invoiceQbId, reminders.stage, reminders.cycle],
        })
        .returning({ id: reminders.id })),
    );
  }
  return ids;
}
/** The next unused cycle number of an invoice's manual sends. */
export async function nextManualCycle(tx: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({ last: max(reminders.cycle) })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        eq(reminders.invoiceQbId, invoiceId),
        eq(reminders.stage, "manual"),
      ),
    );
  return (row?.last ?? -1) + 1;
}
