/**
 * The counting of bench/reminders-crash.ts, per crash point: reminders lost, duplicates in the
 * sandbox (one Message-ID received more than once) and reminders sent twice under different
 * Message-IDs; printed as a table. The combined rounds (several invoices of one customer, one
 * email) are counted apart, `countCombined`: besides those, each round's reminders share one
 * Message-ID, the email received lists every invoice's number, and each invoice's thread holds it.
 */
import type { CrashPoint } from "@recoup/api/testing/internals";

type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Round {
  point: CrashPoint;
  companyId: string;
  killed: boolean;
  seconds: number;
  /** A combined round: several invoices of one customer, combining on. */
  combined?: boolean;
}

/** A message in the sandbox, as far as the counting reads it. */
export interface Received {
  messageId: string | null;
  text: string;
  html: string;
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
    const these = rounds.filter((r) => r.point === point && !r.combined);
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

/**
 * The combined rounds of each point, against the sandbox's messages: per invoice, lost (no row
 * recorded sent, or its Message-ID never received), left out of the email (a received copy of
 * its Message-ID does not list its number, in the text and the HTML), missing from its thread (no
 * outbound thread message under that Message-ID), sent again under another Message-ID; per round,
 * its reminders not under one group and one Message-ID; per Message-ID, the copies beyond the first.
 */
export async function countCombined(
  exec: Exec,
  points: readonly CrashPoint[],
  combinedOf: Map<CrashPoint, string[]>,
  rounds: readonly Round[],
  messages: readonly Received[],
) {
  const received = new Map<string, Received[]>();
  for (const m of messages) received.set(m.messageId ?? "", [...(received.get(m.messageId ?? "") ?? []), m]);
  const results = [];
  for (const point of points) {
    const ids = combinedOf.get(point) ?? [];
    if (ids.length === 0) continue;
    const invoices = await exec(
      `select i.company_id, i.qb_id, i.doc_number,
         (select count(*)::int from reminders r where r.company_id = i.company_id and r.invoice_qb_id = i.qb_id
            and r.status = 'sent') as sent_rows,
         (select array_agg(r.message_id) from reminders r where r.company_id = i.company_id and r.invoice_qb_id = i.qb_id
            and r.status <> 'cancelled') as message_ids,
         (select array_agg(distinct m.message_id) from email_messages m where m.company_id = i.company_id
            and m.invoice_qb_id = i.qb_id and m.direction = 'outbound' and m.status = 'sent') as thread_ids
       from invoices i where i.company_id = any($1::uuid[]) and i.balance_cents > 0`,
      [ids],
    );
    let lost = 0;
    let notInEmail = 0;
    let notInThread = 0;
    let twiceUnderNewIds = 0;
    for (const inv of invoices) {
      const messageIds = (inv.message_ids as string[] | null) ?? [];
      const copies = messageIds.flatMap((id) => received.get(id) ?? []);
      if ((inv.sent_rows as number) === 0 || copies.length === 0) lost++;
      // Every copy received lists the invoice: the first send and a resent one alike.
      const number = inv.doc_number as string;
      if (copies.length === 0 || copies.some((m) => !m.text.includes(number) || !m.html.includes(number)))
        notInEmail++;
      const thread = (inv.thread_ids as string[] | null) ?? [];
      if (!messageIds.every((id) => thread.includes(id))) notInThread++;
      if (messageIds.length > 1) twiceUnderNewIds += messageIds.length - 1;
    }
    const perRound = await exec(
      `select company_id, count(*)::int as rows, count(distinct message_id)::int as message_ids,
         count(distinct group_id)::int as groups, count(*) filter (where group_id is null)::int as ungrouped,
         coalesce(sum(attempts), 0)::int as attempts
       from reminders where company_id = any($1::uuid[]) and status <> 'cancelled' group by company_id`,
      [ids],
    );
    const notOneEmail =
      ids.length - perRound.filter((r) => r.message_ids === 1 && r.groups === 1 && r.ungrouped === 0).length;
    const [own] = await exec(
      `select count(*)::int as n from reminders where company_id = any($1::uuid[]) and stage like 'stage:%'
         and status = 'sent'`,
      [ids],
    );
    const emailIds = [...new Set(invoices.flatMap((inv) => (inv.message_ids as string[] | null) ?? []))];
    const duplicates = emailIds.reduce(
      (sum, id) => sum + Math.max(0, (received.get(id)?.length ?? 0) - 1),
      0,
    );
    const these = rounds.filter((r) => r.point === point && r.combined);
    results.push({
      point,
      kills: these.filter((r) => r.killed).length,
      rounds: these.length,
      reminders: invoices.length,
      underOwnSchedule: own!.n as number,
      /** Distinct Message-IDs of the rounds' reminders (one a round when combined). */
      emails: emailIds.length,
      /** Rounds whose reminders are not one group under one Message-ID. */
      notOneEmail,
      lost,
      /** Invoices a received copy of their email does not list. */
      notInEmail,
      /** Invoices whose thread lacks the email. */
      notInThread,
      duplicatesSameMessageId: duplicates,
      sentAgainUnderAnotherMessageId: twiceUnderNewIds,
      attemptsCounted: perRound.reduce((s, r) => s + (r.attempts as number), 0),
      secondsPerRound: +(these.reduce((s, r) => s + r.seconds, 0) / Math.max(1, these.length)).toFixed(1),
    });
  }
  return results;
}

export type CombinedResult = Awaited<ReturnType<typeof countCombined>>[number];

export function printCombinedTable(results: readonly CombinedResult[]) {
  console.error(
    "combined           | kills | reminders | emails | not one email | lost | not in email | not in thread | duplicates (same Message-ID) | sent again, new Message-ID",
  );
  for (const r of results) {
    console.error(
      [
        r.point.padEnd(18),
        String(r.kills).padStart(5),
        String(r.reminders).padStart(9),
        String(r.emails).padStart(6),
        String(r.notOneEmail).padStart(13),
        String(r.lost).padStart(4),
        String(r.notInEmail).padStart(12),
        String(r.notInThread).padStart(13),
        String(r.duplicatesSameMessageId).padStart(28),
        String(r.sentAgainUnderAnotherMessageId),
      ].join(" | "),
    );
  }
}

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

/**
 * A lost reminder, one sent again, a duplicate anywhere but after the SMTP call, a missed kill or a
 * slow unaided recovery fails the run; in a combined round also reminders not under one
 * Message-ID, an invoice its email does not list, or one missing from its thread.
 */
export function failed(
  results: readonly PointResult[],
  unaided: readonly Round[],
  combined: readonly CombinedResult[] = [],
) {
  return (
    unaided.some((u) => !u.killed || u.seconds > 300) ||
    [...results, ...combined].some(
      (r) =>
        r.lost > 0 ||
        r.sentAgainUnderAnotherMessageId > 0 ||
        r.kills < r.rounds ||
        (r.point !== "send-after-smtp" && r.duplicatesSameMessageId > 0),
    ) ||
    combined.some((r) => r.notOneEmail > 0 || r.notInEmail > 0 || r.notInThread > 0)
  );
}
