/** bench/multi-process.ts's human summary: one line a figure or check, PASS or FAIL where it is one. */
import type { agreementChecks } from "./multi-process-checks.ts";
import type { cronPerTick } from "./multi-process-cron.ts";
import type { killMidImportAndSend } from "./multi-process-kill.ts";
import type { requestsPerSecond } from "./multi-process-load.ts";
import type { emailsPerSecond } from "./multi-process-sending.ts";

export interface Results {
  requestsPerSecond?: Awaited<ReturnType<typeof requestsPerSecond>>;
  agreement?: Awaited<ReturnType<typeof agreementChecks>>;
  emailsPerSecond?: {
    oneWorker: Awaited<ReturnType<typeof emailsPerSecond>>;
    twoWorkers: Awaited<ReturnType<typeof emailsPerSecond>>;
  };
  kill?: Awaited<ReturnType<typeof killMidImportAndSend>>;
  cron?: Awaited<ReturnType<typeof cronPerTick>>;
  error?: string;
}

const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

export function summaryLines(r: Results): string[] {
  const lines: string[] = [];
  const rps = r.requestsPerSecond;
  if (rps) {
    const loads = (n: number) =>
      rps.runs
        .filter((x) => x.apis === n)
        .map((x) => `${x.requestsPerSecond} (load ${x.loadBefore[0]})`)
        .join(", ");
    lines.push(
      `requests/s, invoice list, ${rps.connections} connections, ${rps.seconds} s: 1 API process ${rps.oneApi} [${loads(1)}]; 2 API processes ${rps.twoApis} [${loads(2)}] (median of the runs; 2 cores)`,
    );
  }
  const eps = r.emailsPerSecond;
  if (eps) {
    const one = (e: typeof eps.oneWorker) =>
      `${e.emailsPerSecond} (${e.emails} emails in ${e.sendingSeconds} s, load ${e.load.before[0]})`;
    lines.push(`emails/s: 1 worker ${one(eps.oneWorker)}; 2 workers ${one(eps.twoWorkers)}`);
  }
  for (const [queue, c] of Object.entries(r.cron ?? {}))
    lines.push(
      `cron ${queue} (${c.cron}): ${c.ticks} ticks in the run, ${c.jobs} jobs, at most ${c.maxJobsInOneMinute} a minute: ${verdict(c.pass)}`,
    );
  const k = r.kill;
  if (k) {
    const s = k.oneSyncPerCompany;
    lines.push(
      `one sync per company (both API processes asked at once, mid-import): the other worker wrote ${s.recordsWrittenByTheOtherWorker} of its records: ${verdict(s.pass)}`,
    );
    const other = s.anotherCompanysSync;
    lines.push(
      `another company's sync asked for right after the kill (the import's job still active): finished ${other.finishedSecondsAfterItWasAskedFor ?? "never"} s later (within 15 s: ${verdict(other.finishedWithinSeconds !== null)})`,
    );
    const i = k.import;
    lines.push(
      `kill mid-import (${k.killedWorker}, ${i.writtenAtKill} of ${i.records} records written): counts equal to the sandbox's ${verdict(i.equal)}; resumed on the other worker after ${i.secondsFromKillToResumedOnTheOtherWorker} s, finished after ${i.secondsFromKillToFinished} s`,
    );
    const m = k.send;
    const batches = k.deadWorkersActiveJobs["send-reminder"] ?? 0;
    lines.push(
      `kill mid-send (the killed worker held ${batches} send batch(es): ${verdict(batches > 0)}; ${m.activeSendJobsAtKill} send jobs active in all, ${m.sentAtKill} of ${m.reminders} sent): lost ${m.lost} ${verdict(m.lost === 0)}; duplicates ${m.duplicates}, all under the same Message-ID ${verdict(m.allDuplicatesShareTheMessageId)}; all sent ${m.secondsFromKillToAllSent} s after the kill`,
    );
  }
  for (const [name, c] of Object.entries(r.agreement ?? {}))
    lines.push(`${name}: ${verdict(c.pass)} ${JSON.stringify(c.detail)}`);
  if (r.error) lines.push(`stopped early: ${r.error.split("\n")[0]}`);
  return lines;
}
