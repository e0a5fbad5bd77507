import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { until } from "./kit/until.ts";
import { freePort } from "./net.ts";

/** A throwaway PostgreSQL server from the machine's binaries (initdb, postgres), for tests. */
export interface PgServer {
  url: string;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: run it as the `postgres` user when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

function binDir(): string {
  try {
    const dir = execFileSync("pg_config", ["--bindir"]).toString().trim();
    if (dir) return dir;
  } catch {}
  return "/usr/lib/postgresql/15/bin";
}

export async function startPgServer(): Promise<PgServer> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "recoup-pg-"));
  const data = path.join(dir, "data");
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  execFileSync(
    path.join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"],
    {
      ...user,
      stdio: "ignore",
    },
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(bin, "postgres"),
    [
      "-D",
      data,
      "-p",
      String(port),
      "-k",
      dir,
      "-h",
      "127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "max_connections=300",
    ],
    { ...user, stdio: "ignore" },
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await until(
    async () => {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return true;
      } catch (err) {
        await client.end().catch(() => {});
        if (child.exitCode !== null) throw err;
        return false;
      }
    },
    30_000,
    { what: "the PostgreSQL server up", intervalMs: 200 },
  );
  return {
    url,
    async stop() {
      child.kill("SIGINT");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the server, so test files share nothing. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
