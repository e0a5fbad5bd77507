/**
 * The counting of bench/reminders-crash.ts, per crash point: reminders lost, duplicates in the
 * sandbox (one Message-ID received more than once) and reminders sent twice under different
 * Message-IDs; printed as a table.
 */
import type { CrashPoint } from "@recoup/api/testing/internals";

type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Round {
  point: CrashPoint;
  companyId: string;
  killed: boolean;
  seconds: number;
}

/** Each point's rounds counted against the sandbox's messages (`byMessageId`: how often each arrived). */
export async function countPoints(
  exec: Exec,
  points: readonly CrashPoint[],
  companiesOf: Map<CrashPoint, string[]>,
  rounds: readonly Round[],
  byMessageId: Map<string, number>,
) {
  const results = [];
  for (const point of points) {
    const ids = companiesOf.get(point)!;
    const invoices = await exec(
      `select i.company_id, i.qb_id,
         (select count(*)::int from reminders r where r.company_id = i.company_id and r.invoice_qb_id = i.qb_id
            and r.status = 'sent') as sent_rows,
         (select array_agg(r.message_id) from reminders r where r.company_id = i.company_id and r.invoice_qb_id = i.qb_id
            and r.status <> 'cancelled') as message_ids
       from invoices i where i.company_id = any($1::uuid[]) and i.balance_cents > 0`,
      [ids],
    );
    let lost = 0;
    let duplicates = 0;
    let twiceUnderNewIds = 0;
    let attempts = 0;
    for (const inv of invoices) {
      const messageIds = (inv.message_ids as string[] | null) ?? [];
      const received = messageIds.map((id) => byMessageId.get(id) ?? 0);
      if ((inv.sent_rows as number) === 0 || received.every((n) => n === 0)) lost++;
      duplicates += received.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
      if (messageIds.length > 1) twiceUnderNewIds += messageIds.length - 1;
    }
    for (const r of await exec("select attempts from reminders where company_id = any($1::uuid[])", [ids])) {
      attempts += r.attempts as number;
    }
    const [own] = await exec(
      `select count(*)::int as n from reminders where company_id = any($1::uuid[]) and stage like 'stage:%'
         and status = 'sent'`,
      [ids],
    );
    const these = rounds.filter((r) => r.point === point);
    results.push({
      point,
      kills: these.filter((r) => r.killed).length,
      rounds: these.length,
      reminders: invoices.length,
      /** Sent under the company's own schedule's stage (the others: the standard schedule's). */
      underOwnSchedule: own!.n as number,
      lost,
      duplicatesSameMessageId: duplicates,
      sentAgainUnderAnotherMessageId: twiceUnderNewIds,
      attemptsCounted: attempts,
      secondsPerRound: +(these.reduce((s, r) => s + r.seconds, 0) / these.length).toFixed(1),
    });
  }
  return results;
}

export type PointResult = Awaited<ReturnType<typeof countPoints>>[number];

export function printTable(results: readonly PointResult[]) {
  console.error(
    "point              | kills | reminders | lost | duplicates (same Message-ID) | sent again, new Message-ID",
  );
  for (const r of results) {
    console.error(
      `${r.point.padEnd(18)} | ${String(r.kills).padStart(5)} | ${String(r.reminders).padStart(9)} | ${String(r.lost).padStart(4)} | ${String(r.duplicatesSameMessageId).padStart(28)} | ${r.sentAgainUnderAnotherMessageId}`,
    );
  }
}

/** A lost reminder, one sent again, a missed kill or a slow unaided recovery fails the run. */
export function failed(results: readonly PointResult[], unaided: readonly Round[]) {
  return results.some(
    (r) =>
      r.lost > 0 ||
      r.sentAgainUnderAnotherMessageId > 0 ||
      r.kills < r.rounds ||
      unaided.some((u) => !u.killed || u.seconds > 300) ||
      (r.point !== "send-after-smtp" && r.duplicatesSameMessageId > 0),
  );
}
