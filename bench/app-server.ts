/**
 * The server as `npm start` runs it once the web app is built: the command is read from the root
 * package.json, so a change there is measured here. It runs in its own process group, stopped as a
 * terminal's Ctrl-C stops `npm start` (SIGTERM) or killed as `kill -9` would (SIGKILL), every
 * process of the group at once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { until } from "@recoup/api/testing";

const root = path.resolve(import.meta.dirname, "..");

/** What `npm start` runs once the web app is built. */
const startScript = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start;
export const serverCommand = startScript.replace(/^npm run build && /, "");
if (serverCommand === startScript) throw new Error(`unexpected start script: ${startScript}`);

export interface ServerProcess {
  child: ChildProcess;
  /** Seconds from the spawn to the start-up banner. */
  readySeconds: number;
  banner: string;
  /** What the server wrote to stderr so far (the last 64 KiB). */
  stderr(): string;
}

/**
 * Starts the server on `dataDir` with the environment given (over this process's, with the
 * local sandboxes' ports free and logs at warn); resolves once it prints its banner.
 * `quietStderr` keeps its stderr to `stderr()` instead of passing it through too; past `timeoutMs`
 * the server is killed and the start fails.
 */
export async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  opts: { quietStderr?: boolean; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(serverCommand, {
    cwd: root,
    shell: true,
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
      SANDBOX_STRIPE_PORT: "0",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr = (stderr + String(d)).slice(-65_536);
    if (!opts.quietStderr) process.stderr.write(d);
  });
  const t0 = performance.now();
  let banner = "";
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      if (opts.timeoutMs) {
        timer = setTimeout(() => {
          reject(new Error(`the server did not start within ${opts.timeoutMs} ms: ${stderr.slice(-4000)}`));
          void killServer(child);
        }, opts.timeoutMs);
      }
      child.stdout!.on("data", (d) => {
        banner += String(d);
        // The banner is one write that ends with an empty line.
        if (banner.includes("Recoup is running") && banner.endsWith("\n\n")) resolve();
      });
      child.once("exit", (code, signal) =>
        reject(new Error(`the server stopped (${signal ?? `exit ${code}`}): ${stderr.slice(-4000)}`)),
      );
    });
  } finally {
    clearTimeout(timer);
  }
  return { child, readySeconds: +((performance.now() - t0) / 1000).toFixed(1), banner, stderr: () => stderr };
}

/** Resolves once no process of the group is left. */
async function groupGone(child: ChildProcess) {
  const alive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  await until(() => !alive(), 10 * 60_000, { what: "the server's processes gone", intervalMs: 20 });
}

/** Stops the server as Ctrl-C would (it closes the database first) and waits for every process. */
export async function stopServer(child: ChildProcess) {
  process.kill(-child.pid!, "SIGTERM");
  await groupGone(child);
}

/** Kills every process of the server's group with SIGKILL: nothing of it runs another instruction. */
export async function killServer(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    return; // already gone
  }
  await groupGone(child);
}
