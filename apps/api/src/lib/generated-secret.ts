import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePrivateDir } from "./private-dir.ts";

/** For the embedded default: a secret made once and kept under DATA_DIR, so sessions survive restarts. */
export function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    makePrivateDir(dataDir);
    const secret = randomBytes(48).toString("base64url");
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
      return readFileSync(file, "utf8").trim();
    }
    return secret;
  }
}
