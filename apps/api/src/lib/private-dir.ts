import { mkdirSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

/**
 * DATA_DIR holds the database and the generated secret: only the server's own user may read
 * them. From here on the process creates files without group or other bits (umask 077), and the
 * folder itself is made 0700.
 */
export function makePrivateDir(dir: string) {
  // Worker threads share the process's umask and may not set it.
  if (isMainThread) process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
