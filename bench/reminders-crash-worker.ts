/** The app's worker for bench/reminders-crash.ts, in a child process as `npm run worker` runs it. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { CrashPoint } from "@recoup/api/testing/internals";

export interface Worker {
  child: ChildProcess;
  /** The exit signal, or the exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
  stderr(): string;
}

const root = path.resolve(import.meta.dirname, "..");

/** Workers on this database, mail relay and data dir; the hook `RECOUP_CRASH_AT` set per worker. */
export function crashWorkers(env: { databaseUrl: string; smtpUrl: string; dataDir: string }) {
  const workerEnv = {
    ...process.env,
    DATABASE_URL: env.databaseUrl,
    SMTP_URL: env.smtpUrl,
    DATA_DIR: env.dataDir,
    JWT_SECRET: "crash-secret-crash-secret-crash-secret-0123",
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "warn",
    QUICKBOOKS_SAFETY_SYNC_MINUTES: "0",
    QUICKBOOKS_API_URL: "http://127.0.0.1:9",
    RECOUP_CRASH_AT: "",
  };

  /** Starts a worker (killing itself at `crashAt`, if given); resolves once it says it is running. */
  async function startWorker(crashAt?: CrashPoint): Promise<Worker> {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/api/src/worker.ts")], {
      cwd: root,
      env: { ...workerEnv, RECOUP_CRASH_AT: crashAt ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ?? code)),
    );
    let stderr = "";
    child.stderr!.on("data", (d) => {
      stderr += d;
    });
    const ready = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on("line", (line) => {
        if (line.includes("worker running")) resolve();
      });
      exited.then((how) => reject(new Error(`worker exited (${how}) before it ran: ${stderr}`)));
    });
    await ready;
    return { child, exited, stderr: () => stderr };
  }

  async function stopWorker(w: Worker) {
    w.child.kill("SIGTERM");
    await w.exited;
  }

  return { startWorker, stopWorker };
}
