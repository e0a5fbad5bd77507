/**
 * The processes of bench/multi-process.ts on one PostgreSQL: two API processes started as
 * `npm start` runs them (bench/app-server.ts, `RUN_WORKER=false`) and two workers as
 * `npm run worker` runs them (`tsx apps/api/src/worker.ts`), each in its own process group so a
 * SIGKILL takes all of it. All four share one set of outside services: the QuickBooks and Stripe
 * sandboxes (bench/large-sandbox.ts, `all`, in a process of their own) and the mail sink
 * (bench/mail-sink.ts), so none of them wires sandboxes of its own; and one JWT secret (the
 * encryption key is derived from it), as processes behind one load balancer would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "@recoup/api/testing/net";
import { type ServerProcess, startServer, stopServer } from "./app-server.ts";
import { startLargeSandbox } from "./large-sandbox-process.ts";
import { startMailSink } from "./mail-sink-client.ts";
import { startReminderBenchApp } from "./reminders-bench-app.ts";
import { log } from "./util.ts";

const root = path.resolve(import.meta.dirname, "..");
/** The reminder bench app's secret (bench/reminders-bench-app.ts): every process signs with it. */
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

export interface Api {
  name: string;
  base: string;
  server: ServerProcess;
}

export interface Worker {
  name: string;
  child: ChildProcess;
  metricsUrl: string;
  exited: Promise<NodeJS.Signals | number | null>;
  stderr(): string;
}

export interface StackOptions {
  /** The large QuickBooks company's size (the import killed in the middle). */
  size: { customers: number; invoices: number; payments: number };
  rateLimitPerMinute: number;
  safetySyncMinutes: number;
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

export async function startStack(o: StackOptions) {
  if (process.env.BENCH_DB !== "postgres" && !process.env.BENCH_DATABASE_URL)
    throw new Error("several processes need PostgreSQL: run with BENCH_DB=postgres");
  const sink = await startMailSink();
  const ports = [await freePort(), await freePort()];
  // One public address for both API processes (behind one load balancer): links, OAuth redirects.
  const appUrl = `http://localhost:${ports[0]}`;
  const sandbox = await startLargeSandbox(appUrl, { all: true, size: o.size });
  log(`sandboxes up (QuickBooks at ${sandbox.baseUrl}), mail sink at ${sink.smtpUrl}`);
  // The database (a throwaway PostgreSQL unless BENCH_DATABASE_URL names one) and, in this process,
  // the app without its worker: it migrates first, then plans reminders and runs SQL for the bench.
  const { benchDatabase } = await import("./bench-database.ts");
  const database = await benchDatabase("recoup_multi");
  process.env.BENCH_DATABASE_URL = database.url;
  const bench = await startReminderBenchApp(sink.smtpUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-multi-"));
  const env: Record<string, string> = {
    ...sandbox.env,
    SMTP_URL: sink.smtpUrl,
    GOOGLE_CLIENT_ID: "off",
    GOOGLE_CLIENT_SECRET: "off",
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    JWT_SECRET,
    APP_URL: appUrl,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: String(o.rateLimitPerMinute),
    QUICKBOOKS_SAFETY_SYNC_MINUTES: String(o.safetySyncMinutes),
  };

  const apis: Api[] = [];
  const groups = new Set<number>();
  // The processes run in groups of their own (detached): a run that stops early takes them along.
  process.on("exit", () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
  });
  for (const [i, port] of ports.entries()) {
    const server = await startServer(
      dataDir,
      { ...env, PORT: String(port), HOST: "127.0.0.1", RUN_WORKER: "false" },
      { quietStderr: true, timeoutMs: 120_000 },
    );
    groups.add(server.child.pid!);
    apis.push({ name: `api${i + 1}`, base: `http://127.0.0.1:${port}`, server });
    log(`api${i + 1} at http://127.0.0.1:${port} in ${server.readySeconds} s`);
  }

  /** A worker as `npm run worker` runs it, its metrics on a port of their own; resolves once running. */
  async function startWorker(name: string): Promise<Worker> {
    const metricsPort = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/api/src/worker.ts")], {
      cwd: root,
      detached: true,
      env: { ...process.env, ...env, METRICS_PORT: String(metricsPort), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    groups.add(child.pid!);
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ?? code)),
    );
    let stderr = "";
    child.stderr!.on("data", (d) => {
      stderr = (stderr + String(d)).slice(-65_536);
    });
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on("line", (line) => {
        if (line.includes("worker running")) resolve();
      });
      exited.then((how) => reject(new Error(`${name} exited (${how}) before it ran: ${stderr}`)));
    });
    return {
      name,
      child,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      exited,
      stderr: () => stderr,
    };
  }

  /** Ctrl-C: the worker finishes what it holds (pg-boss's graceful stop) and exits. */
  async function stopWorker(w: Worker) {
    process.kill(-w.child.pid!, "SIGTERM");
    await w.exited;
  }

  /** `kill -9` of the worker's whole process group: nothing of it runs another instruction. */
  async function killWorker(w: Worker) {
    process.kill(-w.child.pid!, "SIGKILL");
    await w.exited;
  }

  /** The workers running now, by slot (undefined: stopped or killed). */
  const workers: (Worker | undefined)[] = [await startWorker("worker1"), await startWorker("worker2")];
  log("2 API processes and 2 workers running");

  return {
    sink,
    sandbox,
    bench,
    apis,
    workers,
    env,
    startWorker,
    stopWorker,
    killWorker,
    async close() {
      for (const w of workers)
        if (w && w.child.exitCode === null && w.child.signalCode === null) await stopWorker(w);
      for (const a of apis) await stopServer(a.server.child);
      await bench.close();
      bench.removeDataDir();
      rmSync(dataDir, { recursive: true, force: true });
      await database.stop();
      sandbox.stop();
      sink.kill();
    },
  };
}

/**
 * The sum of a metric's samples in a process's Prometheus exposition, over the samples whose
 * labels include `labels` (`outcome="busy"`); 0 when it has none.
 */
export async function metricSum(url: string, name: string, labels = ""): Promise<number> {
  const text = await (await fetch(url)).text();
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return sum;
}
