import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { createPglite, enqueueEmail, QBO_SYNC } from "./internals.ts";
import { appForFile, sleep, uniqueEmail } from "./kit/index.ts";

const t = appForFile(() => {
  const dist = mkdtempSync(path.join(tmpdir(), "recoup-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Recoup</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "app-123.js"), "console.log(1)");
  return { WEB_DIST_DIR: dist };
});

describe("HTTP platform", () => {
  it("answers malformed JSON with a JSON 400", async () => {
    const res = await t.call("POST", "/v1/auth/login", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { code: "BAD_REQUEST", message: "The request body is not valid JSON." },
    });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.call("GET", "/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("NOT_FOUND");
  });

  it("reports liveness and readiness", async () => {
    expect((await t.call("GET", "/health/live")).json).toEqual({ status: "ok" });
    expect((await t.call("GET", "/health/ready")).status).toBe(200);
  });

  it("sends security headers and a strict CSP, and no-store on API answers", async () => {
    const res = await t.call("GET", "/login");
    const csp = res.headers["content-security-policy"] as string;
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(d);
    }
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    const api = await t.call("POST", "/v1/auth/login", { body: { email: "a@b.co", password: "x" } });
    expect(api.headers["cache-control"]).toBe("no-store");
  });

  it("serves the web app with history fallback and immutable assets", async () => {
    const page = await t.call("GET", "/customers/abc?x=1");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<div id=root>");
    const asset = await t.call("GET", "/assets/app-123.js");
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("publishes an OpenAPI document generated from the contracts, and a docs page", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json;
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      "/v1/auth/login",
      "/v1/auth/user/details",
      "/v1/business/onboard/onboard-user",
      "/v1/business/settings/update-profile",
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(
      doc.paths["/v1/auth/login"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("email");
    const docs = await t.call("GET", "/docs/");
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("swagger");
  });
});

describe("job queue", () => {
  it("enqueues in the caller's transaction: a rolled-back change sends nothing", async () => {
    const kept = uniqueEmail("kept");
    const dropped = uniqueEmail("dropped");
    const email = (to: string) => ({ to, subject: "queue test", text: "hi", html: "<p>hi</p>" });
    await t.ctx.db.transaction(async (tx) => {
      await enqueueEmail(t.ctx, email(kept), tx);
    });
    await t.ctx.db
      .transaction(async (tx) => {
        await enqueueEmail(t.ctx, email(dropped), tx);
        throw new Error("roll back");
      })
      .catch(() => {});
    await t.mailbox.waitFor(kept, /queue test/);
    await sleep(1500);
    expect(await t.mailbox.to(dropped)).toEqual([]);
  });
});

describe("configuration", () => {
  it("stops on a bad value, naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id", DATA_DIR: tmpdir() })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: "postgres://x/y", DATA_DIR: tmpdir() })).toThrow(/JWT_SECRET/);
  });
});

describe("embedded database", () => {
  it("keeps its data across a restart", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "recoup-restart-"));
    const env = { DATA_DIR: dir, LOG_LEVEL: "silent", SMTP_URL: "smtp://127.0.0.1:9", RUN_WORKER: "false" };
    const { buildApp } = await import("../src/app.ts");
    const first = await buildApp(loadConfig(env));
    const { users } = await import("../src/db/schema/index.ts");
    await first.ctx.db.insert(users).values({ email: "persist@example.com", name: "Persist" });
    await first.app.close();
    const second = await buildApp(loadConfig(env));
    const rows = await second.ctx.db.select().from(users);
    expect(rows.map((r) => r.email)).toEqual(["persist@example.com"]);
    await second.app.close();
  });

  /** A DATA_DIR holding a copy of the run's migrated cluster (no initdb: seconds, not tens of them). */
  const migratedDataDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    const template = inject("pgliteTemplate");
    if (template) cpSync(template, path.join(dir, "pglite"), { recursive: true });
    return dir;
  };

  it("puts each commit on the disk before it returns (fsync of the WAL)", async () => {
    const dir = migratedDataDir("recoup-fsync-");
    // PGlite as both the app's thread and the database's thread open it (createPglite), here in
    // this thread so that its file system can be watched.
    const pglite = await createPglite(path.join(dir, "pglite"));
    const { Module } = pglite as unknown as {
      Module: { NODEFS: { stream_ops: { fsync(s: unknown): number } } };
    };
    const ops = Module.NODEFS.stream_ops;
    const fsync = ops.fsync;
    let calls = 0;
    ops.fsync = (stream) => {
      calls++;
      return fsync(stream);
    };
    await pglite.exec("create table synced (id int)");
    const before = calls;
    await pglite.exec("insert into synced values (1)");
    expect(calls).toBeGreaterThan(before);
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes up what a killed process left: its active jobs retried at once, sync leases freed", async () => {
    const dir = migratedDataDir("recoup-abandoned-");
    const env = { DATA_DIR: dir, LOG_LEVEL: "silent", SMTP_URL: "smtp://127.0.0.1:9", RUN_WORKER: "false" };
    const { buildApp } = await import("../src/app.ts");
    const { companies, qboConnections } = await import("../src/db/schema/index.ts");
    const first = await buildApp(loadConfig(env));
    const [company] = await first.ctx.db
      .insert(companies)
      .values({ name: "Killed Co", type: "LLC", size: "2-10", avgInvoices: 10 })
      .returning();
    const companyId = company!.id;
    await first.ctx.db.insert(qboConnections).values({
      companyId,
      realmId: "1",
      status: "connected",
      syncLeaseOwner: "a process that died",
      syncLeaseUntil: new Date(Date.now() + 600_000),
    });
    await first.ctx.queue.send(QBO_SYNC, { companyId, mode: "full" }, { singletonKey: companyId });
    // Taken by a worker, which dies with its process: the job stays active, the lease held.
    const [job] = await first.ctx.queue.boss.fetch(QBO_SYNC);
    await first.app.close();
    const second = await buildApp(loadConfig(env));
    expect((await second.ctx.queue.boss.getJobById(QBO_SYNC, job!.id))?.state).toBe("retry");
    const [connection] = await second.ctx.db.select().from(qboConnections);
    expect(connection).toMatchObject({ syncLeaseOwner: null, syncLeaseUntil: null });
    await second.app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
