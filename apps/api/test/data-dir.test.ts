import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), "recoup-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Recoup</title><div id=root></div>");
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("files under a fresh DATA_DIR", () => {
  // A new PGlite cluster and every migration, in a cold worker: longer than the usual 30 s when busy.
  it("are private: no group or other bits, folders 0700", { timeout: 120_000 }, async () => {
    const base = mkdtempSync(path.join(tmpdir(), "recoup-modes-"));
    const dataDir = path.join(base, "data");
    try {
      const { app } = await buildApp(
        loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
          SMTP_URL: "smtp://127.0.0.1:9",
          RUN_WORKER: "false",
          WEB_DIST_DIR: dist,
        }),
      );
      await app.close();
      const loose: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          const stat = statSync(file);
          if (stat.mode & 0o077) loose.push(`${file.slice(base.length)} ${(stat.mode & 0o777).toString(8)}`);
          if (stat.isDirectory()) walk(file);
        }
      };
      walk(base);
      expect(statSync(path.join(dataDir, "secret.key")).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(loose).toEqual([]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
