import { spawn } from "node:child_process";
import { chmodSync, existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrivateNodeFS } from "./private-node-fs.ts";

/**
 * PGlite's start parameters: its defaults with a smaller buffer cache, and with fsync on.
 * - The cache lives in PGlite's WASM memory, which never shrinks: 128 MB (PostgreSQL's default)
 *   costs about 100 MiB of RSS from the start and more once the import has filled it; the OS page
 *   cache still holds the files. See docs/decisions/0008-pglite-memory.md.
 * - PGlite's defaults turn fsync off (`-F`). On: a commit returns once its WAL is on the disk,
 *   through `fsync()` (`fdatasync()` does nothing under Emscripten), which PrivateNodeFS passes to
 *   Node. About 7 ms a commit on the development machine's disk; see bench/README.md.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "shared_buffers=16MB",
  "-c",
  "wal_sync_method=fsync",
];

/**
 * PGlite on the cluster in `dir` (made by initPgliteCluster): private files synced to the disk
 * (PrivateNodeFS), pg_trgm for the lists' substring search (the migrations create the extension),
 * and the start parameters above. The one way Recoup opens it, in this thread or the database's.
 */
export function createPglite(dir: string): Promise<PGlite> {
  return PGlite.create({
    fs: new PrivateNodeFS(dir),
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
  });
}

/**
 * Creates the PGlite cluster (initdb) in a short-lived child process when `dir` has none: done in
 * this process, initdb's memory stays referenced (about 450 MiB of RSS for the process's life).
 * `dir` is already private (0700), so nobody else can reach the files in the meantime.
 */
export async function initPgliteCluster(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `require(${JSON.stringify(entry)}).PGlite.create(process.argv[1])
    .then((pg) => pg.close())
    .catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ["-e", script, dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`PGlite initdb failed in ${dir} (exit ${code}): ${stderr.trim()}`);
  // Emscripten's NODEFS set the new files' modes itself, past the umask: make them private, as
  // PrivateNodeFS does for every file from here on.
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, name);
    chmodSync(file, statSync(file).mode & 0o700);
  }
}
