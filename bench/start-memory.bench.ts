/**
 * `npm start`'s idle memory on PGlite: the server started as `npm start` starts it (tsx, the local
 * sandboxes, the worker), on a new DATA_DIR and then again on the same one. Run:
 * `npm run bench:start-memory`. Prints RSS in MiB of the server process and of the tsx process
 * tree, sampled once a second for 10 s once the server says it is running.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-start-"));

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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(label: string) {
  // What `npm start` runs after building the web app; ports 0 so it runs next to anything else.
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["apps/api/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: "0",
      LOG_LEVEL: "warn",
      SANDBOX_MAIL_SMTP_PORT: "0",
      SANDBOX_MAIL_HTTP_PORT: "0",
      SANDBOX_GOOGLE_PORT: "0",
      SANDBOX_QUICKBOOKS_PORT: "0",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d) => String(d).includes("Recoup is running") && resolve());
    child.once("exit", (code) => reject(new Error(`the server stopped (exit ${code})`)));
  });
  const readySeconds = +((performance.now() - t0) / 1000).toFixed(1);
  const pids = tree(child.pid!);
  // The server is the deepest node process under tsx (tsx runs it as a child).
  const server = pids.at(-1)!;
  const serverRss: number[] = [];
  const treeRss: number[] = [];
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    serverRss.push(rssMiB(server));
    treeRss.push(tree(child.pid!).reduce((s, p) => s + rssMiB(p), 0));
  }
  child.kill("SIGTERM");
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  return {
    run: label,
    readySeconds,
    serverRssMiB: { median: Math.round(median(serverRss)), max: Math.round(Math.max(...serverRss)) },
    tsxTreeRssMiB: { median: Math.round(median(treeRss)), processes: pids.length },
  };
}

const results = [await run("fresh DATA_DIR (initdb)"), await run("restarted (same DATA_DIR)")];
console.log(
  JSON.stringify({ date: new Date().toISOString().slice(0, 10), node: process.version, results }, null, 2),
);
rmSync(dataDir, { recursive: true, force: true });
