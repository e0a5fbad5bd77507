/**
 * GET /metrics (decision 0024): off by default (404); behind METRICS_TOKEN on the app's port; on
 * METRICS_PORT without a token. After a sync, reminders sent, planned and bounced, the counters
 * moved by what the QuickBooks sandbox holds and what the mail sandbox received.
 */
import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { planCompany } from "../src/modules/reminders/index.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import { SEND_REMINDER } from "./internals.ts";
import { appForFile, type CallResult, OTHER_REALM, SAMPLE_REALM, syncNow, until } from "./kit/index.ts";
import { freePort } from "./net.ts";

const TOKEN = "metrics-test-token-0123456789abcdef";

/** One series of the text format: `name{a="1",b="2"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of a metric's series whose labels include these. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const { world, sendReminder, takeInvoice, get } = communicationsWorld({ METRICS_TOKEN: TOKEN });

async function scrape(): Promise<Sample[]> {
  const res = await world().call("GET", "/metrics", { token: TOKEN });
  expect(res.status).toBe(200);
  return parseExposition(res.text);
}

const storeOf = (realmId: string) => world().qb.control.sandbox.realms.get(realmId)!.store;
const recordsIn = (realmId: string) => {
  const s = storeOf(realmId);
  return {
    Customer: s.customers.size,
    Invoice: s.invoices.size,
    Payment: s.payments.size,
    CreditMemo: s.creditMemos.size,
  };
};

describe("with METRICS_TOKEN", () => {
  it("answers 401 without the token or with another, and the text format with it", async () => {
    const none = await world().call("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.text).not.toContain("recoup_");
    for (const token of [`${TOKEN}x`, TOKEN.slice(0, -1), "x".repeat(TOKEN.length)]) {
      expect((await world().call("GET", "/metrics", { token })).status).toBe(401);
    }
    const basic = await world().call("GET", "/metrics", {
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    });
    expect(basic.status).toBe(401);
    const res = await world().call("GET", "/metrics", { token: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(res.text);
    expect(total(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(total(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("counts the first syncs' records as the QuickBooks sandbox holds them", async () => {
    const samples = await scrape();
    // Two companies connected (the sample and the other sample), each imported in full once.
    const [a, b] = [recordsIn(SAMPLE_REALM), recordsIn(OTHER_REALM)];
    for (const entity of ["Customer", "Invoice", "Payment", "CreditMemo"] as const) {
      expect(total(samples, "recoup_quickbooks_sync_records_total", { entity }), entity).toBe(
        a[entity] + b[entity],
      );
      expect(total(samples, "recoup_quickbooks_sync_page_write_seconds_count", { entity })).toBeGreaterThan(
        0,
      );
    }
    expect(total(samples, "recoup_quickbooks_sync_runs_total", { mode: "full", outcome: "finished" })).toBe(
      2,
    );
    expect(total(samples, "recoup_quickbooks_sync_duration_seconds_count", { mode: "full" })).toBe(2);
    expect(
      total(samples, "recoup_quickbooks_requests_total", { operation: "query", status: "200" }),
    ).toBeGreaterThan(0);
    expect(total(samples, "recoup_quickbooks_throttled_total")).toBe(0);
  });

  it("counts QuickBooks' 429s and the retries after them, the sync still importing everything", async () => {
    const faults = `${world().qb.baseUrl}/_control/realms/${SAMPLE_REALM}/faults`;
    const put = await fetch(faults, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rate429: 0.3 }),
    });
    expect(put.status).toBe(200);
    const before = await scrape();
    try {
      const result = await syncNow(world().t.ctx, world().user.companyId, "full");
      expect(result).toMatchObject({ skipped: false, mode: "full" });
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    const throttled = moved("recoup_quickbooks_throttled_total");
    expect(throttled).toBeGreaterThan(0);
    expect(moved("recoup_quickbooks_requests_total", { status: "429" })).toBe(throttled);
    // The sync finished, so every 429 was retried.
    expect(moved("recoup_quickbooks_retries_total", { reason: "429" })).toBe(throttled);
    const held = recordsIn(SAMPLE_REALM);
    expect(moved("recoup_quickbooks_sync_records_total", { entity: "Invoice" })).toBe(held.Invoice);
    expect(moved("recoup_quickbooks_sync_runs_total", { mode: "full", outcome: "finished" })).toBe(1);
  });

  it("counts a reminder sent as the mail sandbox received it, its bounce and a reply, by route pattern", async () => {
    const before = await scrape();
    const mailsBefore = (await world().t.mailbox.to()).length;
    const bounced = takeInvoice();
    const first = await sendReminder(String(bounced.id), `Invoice ${bounced.docNumber}: payment due`);
    const replied = takeInvoice();
    const second = await sendReminder(String(replied.id), `Invoice ${replied.docNumber}: reminder`);
    const received = (await world().t.mailbox.to()).length - mailsBefore;
    const sent = await scrape();
    expect(received).toBe(2);
    const sentNow = (labels: Record<string, string>) =>
      total(sent, "recoup_emails_sent_total", labels) - total(before, "recoup_emails_sent_total", labels);
    expect(sentNow({})).toBe(received);
    expect(sentNow({ kind: "reminder" })).toBe(received);
    expect((await world().t.mail.bounce(first.id)).status).toBe(204);
    expect((await world().t.mail.reply(second.id, { text: "Paid yesterday." })).status).toBe(204);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved("recoup_emails_failed_total")).toBe(0);
    expect(moved("recoup_emails_bounced_total")).toBe(1);
    expect(moved("recoup_inbound_messages_total", { source: "relay", kind: "bounce" })).toBe(1);
    expect(moved("recoup_inbound_messages_total", { source: "relay", kind: "reply" })).toBe(1);

    const send = { method: "POST", route: apiPaths.reminders.send, status: "200" };
    expect(moved("recoup_http_requests_total", send)).toBe(2);
    const inbound = { method: "POST", route: apiPaths.communications.inbound };
    expect(moved("recoup_http_requests_total", inbound)).toBe(2);
    expect(moved("recoup_http_request_duration_seconds_count", send)).toBe(2);
    // Patterns, never URLs: no company id, invoice id or query string in a route label.
    const routes = new Set(
      after.filter((s) => s.name === "recoup_http_requests_total").map((s) => s.labels.route!),
    );
    for (const route of routes) {
      expect(route).not.toContain("?");
      expect(route).not.toContain(world().user.companyId);
    }
  });

  it("counts the reminders the planner decided, each one sent as the mail sandbox received it", async () => {
    const { other } = world();
    const on = await world().call("POST", apiPaths.reminders.settings, {
      token: other.token,
      body: {
        companyId: other.companyId,
        enabled: true,
        sendTime: "09:00",
        weekdaysOnly: true,
        confirm: true,
        combineReminders: false,
      },
    });
    expect(on.status).toBe(200);
    const reminderMails = async () =>
      (await world().t.mailbox.to()).filter((m) => (m.messageId ?? "").startsWith("<reminder.")).length;
    const before = await scrape();
    const mailsBefore = await reminderMails();
    const planned = await planCompany(world().t.ctx, other.companyId);
    expect(planned.outcome).toBe("planned");
    const decided =
      total(await scrape(), "recoup_reminders_planned_total") -
      total(before, "recoup_reminders_planned_total");
    expect(decided).toBeGreaterThan(0);
    const received = await until(
      async () => {
        const n = (await reminderMails()) - mailsBefore;
        return n >= decided && n;
      },
      30_000,
      { what: `${decided} reminder emails`, intervalMs: 200 },
    );
    expect(received).toBe(decided);
    const after = await until(
      async () => {
        const s = await scrape();
        return (
          total(s, "recoup_emails_sent_total", { kind: "reminder" }) -
            total(before, "recoup_emails_sent_total", { kind: "reminder" }) >=
            received && s
        );
      },
      5_000,
      { what: "the sends counted" },
    );
    expect(
      total(after, "recoup_emails_sent_total", { kind: "reminder" }) -
        total(before, "recoup_emails_sent_total", { kind: "reminder" }),
    ).toBe(received);
    expect(total(after, "recoup_reminder_planning_runs_total", { outcome: "planned" })).toBeGreaterThan(0);
  });

  it("counts a generated draft by provider and outcome", async () => {
    const before = await scrape();
    const invoice = takeInvoice();
    const res = await get(apiPaths.communications.draft, {
      customerRef: String(invoice.customerId),
      invoiceId: String(invoice.id),
    });
    expect(res.status).toBe(200);
    expect(res.json.data.provider).toBe("composer");
    const after = await scrape();
    const labels = { provider: "composer", outcome: "composer" };
    expect(total(after, "recoup_drafts_total", labels) - total(before, "recoup_drafts_total", labels)).toBe(
      1,
    );
  });

  it("reads each queue's depth and oldest ready job at scrape time, and the database's pools", async () => {
    const { ctx, backend } = world().t;
    await ctx.queue.boss.createQueue("metrics-probe");
    await ctx.queue.boss.send("metrics-probe", {}, { startAfter: new Date(Date.now() - 120_000) });
    await ctx.queue.boss.send("metrics-probe", {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const samples = await scrape();
    const probe = (state: string) =>
      total(samples, "recoup_job_queue_jobs", { queue: "metrics-probe", state });
    expect([probe("queued"), probe("deferred"), probe("active")]).toEqual([1, 1, 0]);
    const oldest = total(samples, "recoup_job_queue_oldest_seconds", { queue: "metrics-probe" });
    expect(oldest).toBeGreaterThanOrEqual(119);
    expect(oldest).toBeLessThan(600);
    // Every defined queue is listed, an empty one at 0.
    expect(samples.some((s) => s.name === "recoup_job_queue_jobs" && s.labels.queue === SEND_REMINDER)).toBe(
      true,
    );
    expect(total(samples, "recoup_db_backend", { backend })).toBe(1);
    const pools = samples.filter((s) => s.name === "recoup_db_pool_connections");
    if (backend === "postgres") {
      expect(total(samples, "recoup_db_pool_connections", { pool: "app", state: "total" })).toBeGreaterThan(
        0,
      );
      expect(total(samples, "recoup_db_pool_connections", { pool: "queue", state: "total" })).toBeGreaterThan(
        0,
      );
    } else expect(pools).toEqual([]);
  });
});

describe("off (neither METRICS_TOKEN nor METRICS_PORT)", () => {
  const t = appForFile();

  it("/metrics is 404, with or without a token", async () => {
    expect((await t.call("GET", "/metrics")).status).toBe(404);
    expect((await t.call("GET", "/metrics", { token: TOKEN })).status).toBe(404);
  });
});

describe("on METRICS_PORT", () => {
  let port = 0;
  const t = appForFile(async () => {
    port = await freePort();
    return { METRICS_PORT: String(port), HOST: "127.0.0.1" };
  });

  it("serves /metrics there without a token, and not on the app's port", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await res.text());
    expect(total(samples, "recoup_db_backend", { backend: t.backend })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const onApp: CallResult = await t.call("GET", "/metrics", { token: TOKEN });
    expect(onApp.status).toBe(404);
  });
});

describe("configuration", () => {
  it("a METRICS_TOKEN under 32 characters stops the start, naming the variable", () => {
    const start = () => loadConfig({ METRICS_TOKEN: "too-short-0123456789" });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    const secret = { JWT_SECRET: "metrics-test-secret-0123456789-0123456789" };
    expect(loadConfig({ ...secret, METRICS_TOKEN: TOKEN }).metrics).toEqual({
      token: TOKEN,
      port: undefined,
    });
    expect(loadConfig(secret).metrics).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT/);
  });
});
