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
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { connectQuickBooks, createUser, httpCaller, Mailbox, waitForSync } from "@recoup/api/testing/kit";
import { freePort } from "@recoup/api/testing/net";

const root = path.resolve(import.meta.dirname, "..");
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const load = () => +loadavg()[0]!.toFixed(2);

/** What `npm start` runs once the web app is built. */
const startScript = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start;
const serverCommand = startScript.replace(/^npm run build && /, "");
if (serverCommand === startScript) throw new Error(`unexpected start script: ${startScript}`);

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

async function startServer(dataDir: string, extraEnv: Record<string, string> = {}) {
  const child = spawn(serverCommand, {
    cwd: root,
    shell: true,
    // Its own process group, stopped as a terminal's Ctrl-C stops `npm start`: every process in it.
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: "0",
      LOG_LEVEL: "warn",
      SANDBOX_MAIL_SMTP_PORT: "0",
      SANDBOX_MAIL_HTTP_PORT: "0",
      SANDBOX_GOOGLE_PORT: "0",
      SANDBOX_QUICKBOOKS_PORT: "0",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const t0 = performance.now();
  let banner = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      banner += String(d);
      if (banner.includes("Recoup is running") && banner.includes("mail inbox")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the server stopped (exit ${code})`)));
  });
  return { child, readySeconds: +((performance.now() - t0) / 1000).toFixed(1), banner };
}

async function stop(child: ChildProcess) {
  process.kill(-child.pid!, "SIGTERM");
  // Until every process of the group has gone (the server closes the database first).
  for (;;) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function idleRun(label: string, dataDir: string) {
  const { child, readySeconds } = await startServer(dataDir);
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 1000));
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
  const sandboxProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "large-sandbox.ts"), appUrl],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const sandbox = JSON.parse(
    await new Promise<string>((resolve) =>
      createInterface({ input: sandboxProcess.stdout! }).once("line", resolve),
    ),
  ) as { baseUrl: string; realmId: string; env: Record<string, string> };
  const { child, banner } = await startServer(dataDir, {
    ...sandbox.env,
    PORT: String(port),
    APP_URL: appUrl,
  });
  const inbox = /mail inbox: (\S+)/.exec(banner)![1]!;
  const call = httpCaller(`http://127.0.0.1:${port}`);
  const user = await createUser(call, new Mailbox(inbox), { companyName: "Large Co", label: "memory" });
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
    await new Promise((r) => setTimeout(r, 1000));
    after.push(treeRss(child.pid!));
  }
  await stop(child);
  sandboxProcess.kill("SIGTERM");
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
