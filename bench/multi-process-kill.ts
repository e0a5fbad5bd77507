/**
 * The kill of bench/multi-process.ts: a company connects the large QuickBooks company through API
 * 1, a worker starts its full import; both API processes are asked for the same company's sync at
 * once (one sync per company: the other worker writes none of its records); companies' reminders
 * are planned, and once both workers hold send batches and the import is under way, the importing
 * worker's process group is killed with SIGKILL. Then, with no help from the bench, the other
 * worker finishes the import (counts compared with the sandbox's) and the send (reminders lost,
 * duplicates by Message-ID); the time from the kill to each is measured.
 */
import { type CompanyUser, connectQuickBooks, httpCaller, sleep, until } from "@recoup/api/testing";
import { countKilledSend, plannedCompanies, sendProgress } from "./multi-process-sending.ts";
import { metricSum, type Stack, type Worker } from "./multi-process-stack.ts";
import { sandboxTotals } from "./pglite-crash-import.ts";
import { loadAverage, log } from "./util.ts";

/** Records a worker's syncs wrote (its own counter): the importer's grow by a page at a time. */
const RECORDS = "recoup_quickbooks_sync_records_total";
const pullPath = (companyId: string) => `/v1/business/invoice/pull/${companyId}`;

export async function killMidImportAndSend(
  stack: Stack,
  o: {
    /** A new company, not connected yet: it imports the large QuickBooks company. */
    importer: CompanyUser;
    /** A company synced already (the sample company): its own sync must not wait for the import. */
    other: CompanyUser;
    companies: number;
    invoices: number;
    zone: string;
    today: string;
    /** Kill once this share of the import's records is written (and sends are in flight). */
    killAt: number;
    waitMinutes: number;
  },
) {
  const { bench, sandbox } = stack;
  const [call1, call2] = stack.apis.map((a) => httpCaller(a.base));
  const companyId = o.importer.companyId;
  const expected = await sandboxTotals(sandbox.baseUrl, sandbox.realmId);
  const total = Object.values(expected).reduce((a, b) => a + b, 0);
  const counts = () =>
    bench.one<typeof expected>(
      `select (select count(*)::int from customers where company_id = $1 and deleted_at is null) as customers,
         (select count(*)::int from invoices where company_id = $1 and deleted_at is null) as invoices,
         (select count(*)::int from payments where company_id = $1 and deleted_at is null) as payments,
         (select count(*)::int from credit_memos where company_id = $1 and deleted_at is null) as "creditMemos"`,
      [companyId],
    );
  const recordsWritten = (w: Worker) => metricSum(w.metricsUrl, RECORDS);
  const lastSyncAt = async (id: string) =>
    (await bench.one<{ at: number }>(
      "select coalesce(extract(epoch from last_sync_at), 0)::float8 as at from qbo_connections where company_id = $1",
      [id],
    ))!.at;

  /**
   * Another company's sync asked for now (the importing company's import still active, its next
   * sync queued): whether it finished within 15 s; `finishedAfter` answers, later, when it did.
   */
  async function otherCompanySync() {
    const before = await lastSyncAt(o.other.companyId);
    const pull = await call2!("GET", pullPath(o.other.companyId), { token: o.other.token });
    const asked = performance.now();
    const finishedAfter = async () =>
      (await lastSyncAt(o.other.companyId)) > before
        ? +((performance.now() - asked) / 1000).toFixed(1)
        : null;
    const within15s = await until(finishedAfter, 15_000, { intervalMs: 250 }).catch(() => null);
    const { rows } = await bench.client.query(
      `select case when singleton_key = $1 then 'importing company' when singleton_key = $2 then 'other company'
         else 'others' end as company, state, count(*)::int as n
       from pgboss.job where name = 'qbo-sync' and state < 'completed' group by 1, 2 order by 1, 2`,
      [companyId, o.other.companyId],
    );
    return {
      result: {
        pull: { status: pull.status, queued: pull.json?.data?.queued },
        /** Seconds until it finished, or null: not within 15 s while the import ran. */
        finishedWithinSeconds: within15s,
        /** The queue's sync jobs not done, 15 s after it was asked for. */
        syncJobsThen: rows.map((r) => `${r.company}: ${r.state} ${r.n}`),
      },
      finishedAfter,
    };
  }

  // --- The import: which worker writes its pages (its records counter grows by a page or more). ---
  const live = stack.workers.filter((w): w is Worker => w !== undefined);
  const baseline = await Promise.all(live.map(recordsWritten));
  await connectQuickBooks(call1!, o.importer, sandbox.baseUrl, sandbox.realmId);
  const importer = await until(
    async () => {
      for (const [i, w] of live.entries()) if ((await recordsWritten(w)) - baseline[i]! >= 1000) return w;
      return undefined;
    },
    180_000,
    { what: "a worker writing the import's pages", intervalMs: 200 },
  );
  const other = live.find((w) => w !== importer)!;
  log(`${importer.name} imports ${total} records; ${other.name} is the other worker`);

  // --- One sync per company: both API processes asked for its sync at once, mid-import. ---
  const otherBefore = await recordsWritten(other);
  const importerBefore = await recordsWritten(importer);
  const busyBefore = await metricSum(other.metricsUrl, "recoup_quickbooks_sync_runs_total", 'outcome="busy"');
  const pulls = await Promise.all(
    [call1!, call2!].map((call) => call("GET", pullPath(companyId), { token: o.importer.token })),
  );
  await sleep(3000);
  const jobs = await bench.client.query(
    `select state, count(*)::int as n from pgboss.job where name = 'qbo-sync' and singleton_key = $1 group by state`,
    [companyId],
  );
  const oneSyncPerCompany = {
    pass:
      (await recordsWritten(other)) === otherBefore &&
      pulls.filter((p) => p.json?.data?.queued === true).length <= 1,
    pullAnswers: pulls.map((p) => ({ status: p.status, queued: p.json?.data?.queued })),
    jobsOfTheCompanyByState: Object.fromEntries(jobs.rows.map((r) => [r.state, r.n])),
    /** In the 3 s after the two requests: the importer's, and the other worker's (must stay 0). */
    recordsWrittenByTheImporter: (await recordsWritten(importer)) - importerBefore,
    recordsWrittenByTheOtherWorker: (await recordsWritten(other)) - otherBefore,
    busyRunsOnTheOtherWorker:
      (await metricSum(other.metricsUrl, "recoup_quickbooks_sync_runs_total", 'outcome="busy"')) - busyBefore,
  };
  log("one sync per company:", oneSyncPerCompany);

  // --- The import under way (MP_KILL_AT of it written), then sends: planned now, the workers
  // start them at once. The kill comes once both workers hold send batches (more than the 2 one
  // runs at once are active); failing that, once half are sent, or the import is nearly done.
  const imported = async () => (await recordsWritten(importer)) - baseline[live.indexOf(importer)]!;
  await until(async () => (await imported()) >= o.killAt * total, 10 * 60_000, {
    what: "the import's first records",
    intervalMs: 100,
  });
  await stack.sink.command("clear");
  const set = await plannedCompanies(stack, { ...o, label: "send_kill" });
  log(`kill set: ${set.reminders} reminders planned, sending`);
  const activeSends = async () =>
    (await bench.one<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'send-reminder' and state = 'active'",
    ))!.n;
  const moment = await until(
    async () => {
      const [active, w, p] = await Promise.all([activeSends(), imported(), sendProgress(stack, set.ids)]);
      const late = w >= 0.95 * total || p.queued < 0.5 * set.reminders;
      return (active >= 3 || late) && { activeSendJobs: active, importedRecords: w, ...p };
    },
    10 * 60_000,
    { what: "sends on both workers mid-import", intervalMs: 50 },
  );
  await stack.killWorker(importer);
  const tKill = performance.now();
  const otherAfterKill = await recordsWritten(other);
  const killedAt = new Date();
  stack.workers[stack.workers.indexOf(importer)] = undefined;
  log(`killed ${importer.name} (SIGKILL, its process group) at`, moment);
  await sleep(3000);
  const leftActive = await bench.client.query(
    `select name, count(*)::int as n from pgboss.job where state = 'active' and started_on < $1 group by name`,
    [killedAt],
  );
  const deadWorkersJobs = Object.fromEntries(leftActive.rows.map((r) => [r.name, r.n]));
  log("jobs the dead worker left active:", deadWorkersJobs);
  // Another company's sync, asked for while the dead worker's import job is still active.
  const otherCompany = await otherCompanySync();
  log("another company's sync:", otherCompany.result);

  // --- The other worker, unaided: the import finished, the reminders sent. ---
  const secondsSinceKill = () => +((performance.now() - tKill) / 1000).toFixed(1);
  const waitMs = o.waitMinutes * 60_000;
  /** Seconds from the kill to the other worker's first page of the import (a thousand records). */
  let resumed: number | null = null;
  /** Seconds from the other company's sync asked for (mid-import) to its finish. */
  let otherSyncedAfter: number | null = null;
  const [importDone, sendDone] = await Promise.all([
    until(
      async () => {
        if (resumed === null && (await recordsWritten(other)) - otherAfterKill >= 1000)
          resumed = secondsSinceKill();
        otherSyncedAfter ??= await otherCompany.finishedAfter();
        const r = await bench.one<{ phase: string | null; owner: string | null }>(
          `select sync_progress->>'phase' as phase, sync_lease_owner as owner from qbo_connections where company_id = $1`,
          [companyId],
        );
        return r?.phase === "done" && r.owner === null && secondsSinceKill();
      },
      waitMs,
      { what: "the import finished", intervalMs: 500 },
    ).catch((e: Error) => e.message),
    until(
      async () => {
        otherSyncedAfter ??= await otherCompany.finishedAfter();
        return (await sendProgress(stack, set.ids)).queued === 0 && secondsSinceKill();
      },
      waitMs,
      { what: "the reminders sent", intervalMs: 500 },
    ).catch((e: Error) => e.message),
  ]);
  const after = await counts();
  const progress = await bench.one<{ counts: Record<string, number> }>(
    `select sync_progress->'counts' as counts from qbo_connections where company_id = $1`,
    [companyId],
  );
  const importResult = {
    records: total,
    writtenAtKill: moment.importedRecords,
    expected,
    inRecoup: after,
    equal: JSON.stringify(after) === JSON.stringify(expected),
    syncProgressCounts: progress?.counts,
    recordsWrittenByTheOtherWorkerAfterTheKill: (await recordsWritten(other)) - otherAfterKill,
    secondsFromKillToResumedOnTheOtherWorker: resumed,
    secondsFromKillToFinished: importDone,
  };
  const anotherCompanysSync = {
    ...otherCompany.result,
    finishedSecondsAfterItWasAskedFor: otherSyncedAfter ?? (await otherCompany.finishedAfter()),
  };
  const sendResult = {
    ...(await countKilledSend(stack, set.ids)),
    emails: set.emails,
    sentAtKill: moment.sent,
    activeSendJobsAtKill: moment.activeSendJobs,
    secondsFromKillToAllSent: sendDone,
    final: await sendProgress(stack, set.ids),
  };
  log("import after the kill:", importResult);
  log("send after the kill:", sendResult);
  return {
    killedWorker: importer.name,
    deadWorkersActiveJobs: deadWorkersJobs,
    oneSyncPerCompany: { ...oneSyncPerCompany, anotherCompanysSync },
    import: importResult,
    send: sendResult,
    load: loadAverage(),
  };
}
