import { beforeEach, describe, expect, it } from "vitest";
import { INTUIT_LATENCY, LatencyModel, latencyFromEnv, startQuickBooksSandbox } from "../src/index.ts";
import { type ApiAnswer, api, query, REALM, useApiSandbox } from "./api.ts";

/** Intuit's 429, byte for byte as captured (QuickBooks-V3-PHP-SDK#54), but for its time. */
const THROTTLE_BODY = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<IntuitResponse time="TIME" xmlns="http://schema.intuit.com/finance/v3">
    <Fault type="SERVICE">
        <Error code="3001">
            <Message>message=ThrottleExceeded; errorCode=003001; statusCode=429</Message>
            <Detail>The request limit was reached.  Try again later</Detail>
        </Error>
    </Fault>
</IntuitResponse>
`;

/** Intuit's gateway timeout as captured in 2025 (node-quickbooks#242), but for its time. */
const TIMEOUT_BODY = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<IntuitResponse time="TIME" xmlns="http://schema.intuit.com/finance/v3">
    <Fault type="SERVICE">
        <Error code="6002">
            <Message>message=GatewayTimeout; errorCode=006002; statusCode=504</Message>
        </Error>
    </Fault>
</IntuitResponse>
`;

const withoutTime = (text: string) => text.replace(/time="[^"]+"/, 'time="TIME"');

function expectThrottled(answer: ApiAnswer) {
  expect(answer.status).toBe(429);
  expect(answer.headers.get("content-type")).toBe("application/xml;charset=UTF-8");
  expect(answer.headers.get("retry-after")).toBeNull();
  expect(withoutTime(answer.text)).toBe(THROTTLE_BODY);
}

const read = () => api(t, "/customer/1?minorversion=75");

const t = useApiSandbox({ dataNow: "2025-06-16T10:00:00-07:00" });
const control = () => t.sandbox.control;

beforeEach(async () => {
  t.offset.ms = 0;
  control().resetRealm(REALM);
  control().setLatency(undefined, false);
  control().setThrottle(REALM, { perMinute: 500, maxConcurrent: 10, format: "xml" });
  t.token = (await control().issueTokens(REALM)).access_token;
});

describe("off by default", () => {
  it("answers at once, never 504, with Intuit's limits as before", async () => {
    const qb = await startQuickBooksSandbox({ port: 0 });
    try {
      expect(qb.control.getLatency(undefined)).toBe(false);
      expect(qb.control.getLatency(REALM)).toBe(false);
      expect(qb.control.getFaults(REALM)).toMatchObject({ rate429: 0, rate5xx: 0 });
    } finally {
      await qb.close();
    }
    expect(control().getLatency(REALM)).toBe(false);
    const started = performance.now();
    const pages = await Promise.all(
      [1, 2, 3, 4, 5].map(() => query(t, "select * from Invoice maxresults 1000")),
    );
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(latencyFromEnv({})).toBe(false);
    expect(latencyFromEnv({ QUICKBOOKS_SANDBOX_LATENCY: "0" })).toBe(false);
  });
});

describe("Intuit's limits per realm", () => {
  it("answers the 11th request in flight 429 with Intuit's exact XML body and no Retry-After", async () => {
    // Every read takes 300 ms exactly (p95 = median: no tail), so twelve overlap.
    control().setLatency(REALM, { read: { medianMs: 300, p95Ms: 300 }, rate504: 0, rate5xx: 0 });
    const answers = await Promise.all(Array.from({ length: 12 }, read));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    for (const answer of answers.filter((a) => a.status === 429)) expectThrottled(answer);
    // XML even to a JSON client: the request said Accept: application/json.
    expect(answers.find((a) => a.status === 200)!.body.Customer).toBeTruthy();
    // Once they are answered, the realm takes requests again.
    expect((await read()).status).toBe(200);
  });

  it("answers 429 after 500 requests in a minute, until the minute has passed (sandbox clock)", async () => {
    // The clock is moved from when the requests were sent, however long they took.
    const first = Date.now();
    for (let sent = 0; sent < 500; sent += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, read));
      expect(batch.every((a) => a.status === 200)).toBe(true);
    }
    expectThrottled(await read());
    // Refused requests are not counted; other realms have their own budget.
    const other = await control().issueTokens("9341452000000002");
    expect(
      (await api(t, "/customer/1", { token: other.access_token, realm: "9341452000000002" })).status,
    ).toBe(200);
    const last = Date.now();
    t.offset.ms = first + 59_000 - Date.now();
    expectThrottled(await read());
    t.offset.ms = last + 60_001 - Date.now();
    expect((await read()).status).toBe(200);
  });
});

describe("latency model", () => {
  it("draws log-normal times whose median and p95 match the settings, reproducibly from the seed", () => {
    const model = new LatencyModel(7);
    model.configure(undefined, {});
    const draws = (op: "query" | "read", rows: number) =>
      Array.from({ length: 4000 }, () => model.sample(REALM, op, rows)).sort((a, b) => a - b);
    const at = (sorted: number[], q: number) => sorted[Math.floor(q * sorted.length)]!;

    // A 1,000-row page: 250 ms + 3 ms a row = 3,250 ms median, p95 three times that.
    const page = draws("query", 1000);
    expect(at(page, 0.5)).toBeGreaterThan(3250 * 0.95);
    expect(at(page, 0.5)).toBeLessThan(3250 * 1.05);
    expect(at(page, 0.95)).toBeGreaterThan(9750 * 0.9);
    expect(at(page, 0.95)).toBeLessThan(9750 * 1.1);
    // A tail of tens of seconds, rarely.
    expect(at(page, 0.999)).toBeGreaterThan(15_000);

    const reads = draws("read", 0);
    expect(at(reads, 0.5) / INTUIT_LATENCY.read.medianMs).toBeCloseTo(1, 1);
    expect(at(reads, 0.95) / INTUIT_LATENCY.read.p95Ms).toBeGreaterThan(0.9);
    expect(at(reads, 0.95) / INTUIT_LATENCY.read.p95Ms).toBeLessThan(1.1);

    const seeded = (seed: number) => {
      const m = new LatencyModel(seed);
      m.configure(undefined, {});
      return Array.from({ length: 20 }, () => m.draw(REALM, "cdc", 40));
    };
    expect(seeded(7)).toEqual(seeded(7));
    expect(seeded(8)).not.toEqual(seeded(7));
  });

  it("makes a 1,000-row page wait longer than a count, scaled", async () => {
    control().setLatency(REALM, {
      scale: 0.1,
      query: { medianMs: 200, p95Ms: 200, perRowMs: 2 },
      rate504: 0,
      rate5xx: 0,
    });
    const timed = async (statement: string) => {
      const started = performance.now();
      expect((await query(t, statement)).status).toBe(200);
      return performance.now() - started;
    };
    expect(await timed("select count(*) from Invoice")).toBeGreaterThanOrEqual(19);
    // 200 invoices in the sample company: (200 + 2 x 200) x 0.1 = 60 ms.
    expect(await timed("select * from Invoice maxresults 1000")).toBeGreaterThanOrEqual(58);
  });

  it("answers 504 GatewayTimeout (6002) at the given rate, in Intuit's XML, the same from the same seed", async () => {
    control().setThrottle(REALM, false);
    const run = async () => {
      control().setLatency(REALM, { scale: 0, rate504: 0.1, rate5xx: 0 });
      const answers: ApiAnswer[] = [];
      for (let i = 0; i < 400; i++) answers.push(await read());
      return answers;
    };
    const answers = await run();
    const timeouts = answers.filter((a) => a.status === 504);
    expect(answers.every((a) => a.status === 200 || a.status === 504)).toBe(true);
    expect(timeouts.length).toBeGreaterThan(20);
    expect(timeouts.length).toBeLessThan(60);
    expect(timeouts[0]!.headers.get("content-type")).toBe("application/xml;charset=UTF-8");
    expect(withoutTime(timeouts[0]!.text)).toBe(TIMEOUT_BODY);
    // Setting the model again restarts its draws: the same requests fail.
    const statuses = answers.map((a) => a.status);
    expect((await run()).map((a) => a.status)).toEqual(statuses);
  });

  it("answers other 5xx at their rate, and 504 at the cut-off for a request drawn too long", async () => {
    control().setThrottle(REALM, false);
    control().setLatency(REALM, { scale: 0, rate504: 0, rate5xx: 0.2, statuses5xx: [500, 503] });
    const answers: ApiAnswer[] = [];
    for (let i = 0; i < 200; i++) answers.push(await read());
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.length).toBeGreaterThan(20);
    expect(failed.length).toBeLessThan(60);
    expect(new Set(failed.map((a) => a.status))).toEqual(new Set([500, 503]));

    // Drawn at 200 s, past Intuit's 120 s: answered 504 after 120 s (scaled to 120 ms).
    control().setLatency(REALM, {
      scale: 0.001,
      rate5xx: 0,
      read: { medianMs: 200_000, p95Ms: 200_000 },
    });
    const started = performance.now();
    const cut = await read();
    expect(cut.status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("is set over HTTP, per realm or for all, and from the environment", async () => {
    const put = (path: string, body: unknown) =>
      fetch(`${t.sandbox.controlUrl}${path}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

    const on = await put(`/realms/${REALM}/latency`, { scale: 0, rate504: 1 });
    expect(on.body.latency).toMatchObject({ scale: 0, rate504: 1, query: INTUIT_LATENCY.query });
    expect((await read()).status).toBe(504);
    expect((await put(`/realms/${REALM}/latency`, { enabled: false })).body).toEqual({ latency: false });
    expect((await read()).status).toBe(200);
    expect((await put(`/realms/${REALM}/latency`, { rate504: 2 })).status).toBe(400);

    // For every realm without its own settings: the realm's "off" holds until it is deleted.
    await put("/latency", { scale: 0, rate5xx: 1, statuses5xx: [502] });
    expect((await read()).status).toBe(200);
    await fetch(`${t.sandbox.controlUrl}/realms/${REALM}/latency`, { method: "DELETE" });
    expect((await read()).status).toBe(502);
    const off = await fetch(`${t.sandbox.controlUrl}/latency`, { method: "DELETE" });
    expect(await off.json()).toEqual({ latency: false });
    expect((await read()).status).toBe(200);

    expect(
      latencyFromEnv({ QUICKBOOKS_SANDBOX_LATENCY: "0.1", QUICKBOOKS_SANDBOX_RATE_504: "0.01" }),
    ).toEqual({
      scale: 0.1,
      rate504: 0.01,
    });
    expect(() => latencyFromEnv({ QUICKBOOKS_SANDBOX_LATENCY: "fast" })).toThrow(/scale/);
  });
});
