/**
 * Sending in bench/multi-process.ts: emails/s with one worker and with two (the same number of
 * companies' first-day reminders each time, planned in the bench process while no worker runs,
 * then sent by the workers into the mail sink), and the counting of a send that a worker was killed
 * in the middle of: reminders lost, copies of one Message-ID received more than once, reminders
 * sent twice under different Message-IDs.
 */
import { planCompany } from "@recoup/api/modules/reminders";
import { until } from "@recoup/api/testing";
import type { Stack } from "./multi-process-stack.ts";
import { generateReminderCompanies } from "./reminders-data.ts";
import { loadAverage, log, secondsSince } from "./util.ts";

export interface SendSet {
  ids: string[];
  reminders: number;
  emails: number;
}

/** Companies with reminders on and their first day's reminders planned (queued, with their send jobs). */
export async function plannedCompanies(
  stack: Stack,
  o: { companies: number; invoices: number; zone: string; today: string; label: string },
): Promise<SendSet> {
  const { bench } = stack;
  const data = await generateReminderCompanies(bench.exec, {
    companies: o.companies,
    invoices: o.invoices,
    timezone: o.zone,
    today: o.today,
    history: false,
    label: o.label,
    combine: false,
  });
  // Billing is on in these processes (the Stripe sandbox): a company without a valid subscription
  // is held back at send time. These are in their trial, as after onboarding.
  await bench.client.query(
    `insert into subscriptions (company_id, status, plan_name, trial_end)
     select id, 'trialing', 'Trial', now() + interval '14 days' from unnest($1::uuid[]) id`,
    [data.ids],
  );
  let reminders = 0;
  for (const id of data.ids) {
    const outcome = await planCompany(bench.ctx, id);
    if (outcome.outcome === "planned") reminders += outcome.decided;
  }
  // Planned, they need no QuickBooks: disconnected, the safety sync leaves them alone (they have
  // no tokens: each sync of theirs would fail and retry), and sending does not look.
  await bench.client.query(
    "update qbo_connections set status = 'disconnected' where company_id = any($1::uuid[])",
    [data.ids],
  );
  // Sent or queued: the workers may have sent some already (the kill's set).
  const { emails } = await bench.one<{ emails: number }>(
    `select count(distinct coalesce(group_id, id))::int as emails from reminders
     where company_id = any($1::uuid[]) and status <> 'cancelled'`,
    [data.ids],
  );
  return { ids: data.ids, reminders, emails };
}

export const sendProgress = (stack: Stack, ids: string[]) =>
  stack.bench.one<{ queued: number; sent: number; failed: number; other: number }>(
    `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sent')::int as sent,
       count(*) filter (where status = 'failed')::int as failed,
       count(*) filter (where status not in ('queued', 'sent', 'failed'))::int as other
     from reminders where company_id = any($1::uuid[])`,
    [ids],
  );

/**
 * Emails/s with `count` workers: every worker stopped, the reminders planned, the sink emptied,
 * then `count` workers started at once; timed from their start to the last reminder recorded sent,
 * and from the first email recorded sent to the last (`sent_at`).
 */
export async function emailsPerSecond(
  stack: Stack,
  count: number,
  o: { companies: number; invoices: number; zone: string; today: string },
) {
  const { workers } = stack;
  for (const [i, w] of workers.entries()) {
    if (w) await stack.stopWorker(w);
    workers[i] = undefined;
  }
  const set = await plannedCompanies(stack, { ...o, label: `send_${count}w` });
  await stack.sink.command("clear");
  log(`send with ${count} worker(s): ${set.reminders} reminders, ${set.emails} emails queued`);
  const loadBefore = loadAverage();
  const t0 = performance.now();
  const started = await Promise.all(
    Array.from({ length: count }, (_, i) => stack.startWorker(`worker${i + 1}`)),
  );
  started.forEach((w, i) => {
    workers[i] = w;
  });
  const progress = await until(
    async () => {
      const p = await sendProgress(stack, set.ids);
      return p.queued === 0 && p;
    },
    30 * 60_000,
    { what: "the reminders sent", intervalMs: 250 },
  );
  const wallSeconds = secondsSince(t0);
  const { span } = await stack.bench.one<{ span: number }>(
    `select extract(epoch from max(sent_at) - min(sent_at))::float8 as span from reminders
     where company_id = any($1::uuid[]) and status = 'sent'`,
    [set.ids],
  );
  const inbox = await stack.sink.command<{ count: number; distinct: number; duplicates: unknown[] }>("stats");
  const result = {
    workers: count,
    companies: o.companies,
    reminders: set.reminders,
    emails: set.emails,
    ...progress,
    wallSeconds,
    sendingSeconds: +span.toFixed(2),
    /** From the workers' start (a worker starts in a few seconds: tsx compiles the app). */
    emailsPerSecondWall: Math.round(set.emails / wallSeconds),
    /** From the first email recorded sent to the last. */
    emailsPerSecond: Math.round(set.emails / span),
    inbox: { count: inbox.count, distinctMessageIds: inbox.distinct, duplicates: inbox.duplicates.length },
    load: { before: loadBefore, after: loadAverage() },
  };
  log(`send with ${count} worker(s):`, result);
  return result;
}

/**
 * The killed send counted against the sink's messages: per reminder of `ids`, whether it was
 * recorded sent and received (else lost), how many copies of its Message-ID arrived beyond the
 * first, and whether its invoice's stage went out under another Message-ID too.
 */
export async function countKilledSend(stack: Stack, ids: string[]) {
  const res = await fetch(`${stack.sink.inboxUrl}/api/messages`);
  const received = new Map<string, number>();
  for (const m of (await res.json()) as { messageId: string | null }[])
    received.set(m.messageId ?? "", (received.get(m.messageId ?? "") ?? 0) + 1);
  const rows = await stack.bench.client.query(
    `select company_id, invoice_qb_id, stage, cycle, status, message_id from reminders
     where company_id = any($1::uuid[]) and status <> 'cancelled'`,
    [ids],
  );
  let lost = 0;
  let duplicates = 0;
  const duplicateIds: string[] = [];
  const perStage = new Map<string, Set<string>>();
  for (const r of rows.rows) {
    const times = received.get(r.message_id as string) ?? 0;
    if (r.status !== "sent" || times === 0) lost++;
    if (times > 1) {
      duplicates += times - 1;
      duplicateIds.push(r.message_id as string);
    }
    const key = `${r.company_id}|${r.invoice_qb_id}|${r.stage}|${r.cycle}`;
    perStage.set(key, (perStage.get(key) ?? new Set()).add(r.message_id as string));
  }
  const underAnotherMessageId = [...perStage.values()].filter((s) => s.size > 1).length;
  return {
    reminders: rows.rows.length,
    lost,
    duplicates,
    duplicateMessageIds: duplicateIds.slice(0, 20),
    /** A reminder (invoice, stage, cycle) that went out under two Message-IDs: not an SMTP-point duplicate. */
    sentAgainUnderAnotherMessageId: underAnotherMessageId,
    allDuplicatesShareTheMessageId: underAnotherMessageId === 0,
  };
}
