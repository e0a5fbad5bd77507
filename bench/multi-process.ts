/**
 * Several processes on one PostgreSQL (issue 21, item 3): two API processes (`npm start`'s
 * command, `RUN_WORKER=false`) and two workers (`npm run worker`'s), started here on a throwaway
 * PostgreSQL with one set of sandboxes (bench/multi-process-stack.ts). Run:
 * `BENCH_DB=postgres npx tsx bench/multi-process.ts`; results in bench/results/multi-process.json.
 *
 * 1. requests/s on the invoice list of a synced company, with one API process (one load process,
 *    MP_CONNECTIONS connections) and with two (two load processes at once, half the connections
 *    each, one per API process; their requests/s added up), MP_SECONDS each;
 * 2. agreement across the API processes (bench/multi-process-checks.ts): sessions, the sign-in rate
 *    limit (RATE_LIMIT_PER_MINUTE=MP_RATE_LIMIT), the company's cached figures, a note and a setting;
 * 3. emails/s with one worker and with two (bench/multi-process-sending.ts), MP_SEND_COMPANIES
 *    companies' first-day reminders each time;
 * 4. under background load on both API processes: a full import of the large QuickBooks company
 *    (MP_QBO_INVOICES invoices) and a send, the importing worker killed with SIGKILL in the middle of
 *    both, the other worker left to finish them (bench/multi-process-kill.ts); one sync per company
 *    checked during the import;
 * 5. cron: jobs per tick of each cron queue over the whole run (bench/multi-process-cron.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import {
  connectQuickBooks,
  createCompany,
  httpCaller,
  logIn,
  Mailbox,
  SAMPLE_REALM,
  waitForSync,
} from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { agreementChecks } from "./multi-process-checks.ts";
import { cronPerTick, cronQueues } from "./multi-process-cron.ts";
import { killMidImportAndSend } from "./multi-process-kill.ts";
import { backgroundLoad, requestsPerSecond } from "./multi-process-load.ts";
import { emailsPerSecond } from "./multi-process-sending.ts";
import { startStack } from "./multi-process-stack.ts";
import { type Results, summaryLines } from "./multi-process-summary.ts";
import { localDate, zoneInMorning } from "./reminders-data.ts";
import { loadAverage, log } from "./util.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The sizes and knobs (environment variables MP_*); the defaults make a run of about 15 minutes. */
const settings = {
  seconds: env("MP_SECONDS", 20),
  connections: env("MP_CONNECTIONS", 20),
  rounds: env("MP_LOAD_ROUNDS", 3),
  rateLimitPerMinute: env("MP_RATE_LIMIT", 6),
  sendCompanies: env("MP_SEND_COMPANIES", 10),
  invoicesPerCompany: env("MP_INVOICES", 1000),
  qboInvoices: env("MP_QBO_INVOICES", 200_000),
  killAt: env("MP_KILL_AT", 0.2),
  killWaitMinutes: env("MP_KILL_WAIT_MINUTES", 20),
  backgroundConnections: env("MP_BACKGROUND_CONNECTIONS", 2),
  safetySyncMinutes: env("MP_SAFETY_SYNC_MINUTES", 2),
};
const SKIP = new Set((process.env.MP_SKIP ?? "").split(",").filter(Boolean));

const stack = await startStack({
  size: {
    customers: settings.qboInvoices / 10,
    invoices: settings.qboInvoices,
    payments: Math.round(settings.qboInvoices * 0.6),
  },
  rateLimitPerMinute: settings.rateLimitPerMinute,
  safetySyncMinutes: settings.safetySyncMinutes,
});
const runStarted = new Date();
const [api1, api2] = stack.apis as [(typeof stack.apis)[0], (typeof stack.apis)[0]];
const results: Results & { backgroundLoad?: unknown } = {};
try {
  // --- Two companies signed up through API 1: one on the sample QuickBooks company, synced. ---
  const stackOne = { call: httpCaller(api1.base), mailbox: new Mailbox(stack.sink.inboxUrl) };
  const listed = await createCompany(stackOne, { companyName: "Listed Co", label: "mp-listed" });
  const importing = await createCompany(stackOne, { companyName: "Large Co", label: "mp-import" });
  await connectQuickBooks(stackOne.call, listed, stack.sandbox.baseUrl, SAMPLE_REALM);
  await waitForSync(stackOne.call, listed, 120_000);
  // The page loaded: the invoice list, page 1 of 10 rows.
  const list = `${apiPaths.invoices.list}?companyId=${listed.companyId}&page=1&limit=10`;
  log(`signed up and synced the sample company; load ${loadAverage()}`);

  // --- 1. requests/s with one API process and with two. ---
  if (!SKIP.has("load")) {
    results.requestsPerSecond = await requestsPerSecond(stack.apis, list, listed.token, settings);
  }

  // --- 2. Agreement across the API processes. ---
  results.agreement = await agreementChecks(stack.apis, listed, SAMPLE_REALM, settings.rateLimitPerMinute);
  log("agreement:", results.agreement);

  // --- 3. emails/s with one worker and with two. ---
  const zone = zoneInMorning();
  const today = localDate(zone);
  const sendOptions = {
    companies: settings.sendCompanies,
    invoices: settings.invoicesPerCompany,
    zone,
    today,
  };
  if (!SKIP.has("send")) {
    results.emailsPerSecond = {
      oneWorker: await emailsPerSecond(stack, 1, sendOptions),
      twoWorkers: await emailsPerSecond(stack, 2, sendOptions),
    };
  } else {
    for (const [i, w] of stack.workers.entries())
      stack.workers[i] = w ?? (await stack.startWorker(`worker${i + 1}`));
  }

  // --- 4. The kill, under background load on both API processes. ---
  if (!SKIP.has("kill")) {
    // Sessions' tokens last 15 minutes: fresh ones for the kill's calls and for the load, whose
    // token is renewed every 10 minutes (a login each time; the rate limit counts those).
    for (const user of [listed, importing])
      user.token = (await logIn(stackOne.call, user.email, user.password)).IdToken;
    let loadToken = { token: listed.token, at: Date.now() };
    const token = async () => {
      if (Date.now() - loadToken.at > 10 * 60_000)
        loadToken = {
          token: (await logIn(stackOne.call, listed.email, listed.password)).IdToken,
          at: Date.now(),
        };
      return loadToken.token;
    };
    const background = backgroundLoad(
      [api1, api2].map((a) => `${a.base}${list}`),
      token,
      settings.backgroundConnections,
    );
    try {
      results.kill = await killMidImportAndSend(stack, {
        importer: importing,
        other: listed,
        ...sendOptions,
        killAt: settings.killAt,
        waitMinutes: settings.killWaitMinutes,
      });
    } finally {
      results.backgroundLoad = {
        connectionsPerApi: settings.backgroundConnections,
        ...(await background.stop()),
      };
    }
  }
} catch (error) {
  results.error = (error as Error).stack ?? String(error);
  log("the run stopped early:", error);
}

// --- 5. Cron: jobs per tick over the whole run. ---
const runEnded = new Date();
results.cron = await cronPerTick(
  (text, params) => stack.bench.client.query(text, params),
  cronQueues(settings.safetySyncMinutes),
  runStarted,
  runEnded,
);
log("cron:", results.cron);

const result = {
  date: new Date().toISOString(),
  command: "BENCH_DB=postgres npx tsx bench/multi-process.ts",
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAtEnd: loadAverage() },
  settings,
  minutes: +((runEnded.getTime() - runStarted.getTime()) / 60_000).toFixed(1),
  summary: summaryLines(results),
  ...results,
};
const resultsDir = path.join(import.meta.dirname, "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, "multi-process.json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
for (const line of result.summary) console.error(line);
await stack.close();
process.exit(results.error ? 1 : 0);
