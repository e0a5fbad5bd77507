/**
 * `npm start`'s memory on PGlite: the server started with the command `npm start` runs after its
 * build (read from package.json), on a new DATA_DIR, then again on the same one, then through the
 * full import of the sandbox's large company (10,000 customers, 100,000 invoices, 60,000
 * payments). Run: `npm run bench:start-memory`. Prints RSS in MiB of the process tree (the shell
 * npm would run and the server), sampled once a second while idle and every 100 ms in the import.
 *
 * In the import run the QuickBooks sandbox with the large company runs in its own process (as
 * Intuit would): the server is started with its address, so only the mail sandbox starts inside.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  connectQuickBooks,
  createCompany,
  httpCaller,
  Mailbox,
  sleep,
  waitForSync,
} from "@recoup/api/testing";
import { freePort } from "@recoup/api/testing/net";
import { serverCommand, startServer, stopServer as stop } from "./app-server.ts";
import { startLargeSandbox } from "./large-sandbox-process.ts";
import { log } from "./util.ts";

const load = () => +loadavg()[0]!.toFixed(2);

function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}
const tree = (pid: number): number[] => [pid, ...children(pid).flatMap(tree)];
const treeRss = (pid: number) => tree(pid).reduce((sum, p) => sum + rssMiB(p), 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function idleRun(label: string, dataDir: string) {
  const { child, readySeconds } = await startServer(dataDir);
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    await sleep(1000);
    samples.push(treeRss(child.pid!));
  }
  await stop(child);
  return {
    run: label,
    readySeconds,
    rssMiB: { median: Math.round(median(samples)), max: Math.round(Math.max(...samples)) },
    load: load(),
  };
}

async function importRun(dataDir: string) {
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const sandbox = await startLargeSandbox(appUrl);
  const { child, banner } = await startServer(dataDir, {
    ...sandbox.env,
    PORT: String(port),
    APP_URL: appUrl,
  });
  const inbox = /mail inbox: (\S+)/.exec(banner)![1]!;
  const call = httpCaller(`http://127.0.0.1:${port}`);
  const user = await createCompany(
    { call, mailbox: new Mailbox(inbox) },
    { companyName: "Large Co", label: "memory" },
  );
  const before = treeRss(child.pid!);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid!));
  }, 100);
  const t0 = performance.now();
  await connectQuickBooks(call, user, sandbox.baseUrl, sandbox.realmId);
  await waitForSync(call, user, 30 * 60_000);
  const importSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  clearInterval(timer);
  const after: number[] = [];
  for (let i = 0; i < 10; i++) {
    await sleep(1000);
    after.push(treeRss(child.pid!));
  }
  await stop(child);
  sandbox.stop();
  return {
    run: "full import of the large company (170,000 records)",
    importSeconds,
    rssMiB: {
      beforeImport: Math.round(before),
      peak: Math.round(peak),
      idleAfter: Math.round(median(after)),
    },
    load: load(),
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-start-"));
const importDir = mkdtempSync(path.join(tmpdir(), "recoup-start-import-"));
try {
  log(`server command: ${serverCommand}`);
  const results = [];
  results.push(await idleRun("fresh DATA_DIR (initdb)", dataDir));
  log(JSON.stringify(results.at(-1)));
  results.push(await idleRun("restarted (same DATA_DIR)", dataDir));
  log(JSON.stringify(results.at(-1)));
  if (process.env.BENCH_SKIP_IMPORT !== "1") {
    results.push(await importRun(importDir));
    log(JSON.stringify(results.at(-1)));
  }
  console.log(
    JSON.stringify(
      { date: new Date().toISOString().slice(0, 10), node: process.version, command: serverCommand, results },
      null,
      2,
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(importDir, { recursive: true, force: true });
}
