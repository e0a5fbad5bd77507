import { beforeEach, describe, expect, it } from "vitest";
import { type Body, query, REALM, useApiSandbox } from "./api.ts";
import { CLIENT_ID, CLIENT_SECRET, tokenRequest } from "./flow.ts";

const t = useApiSandbox();
beforeEach(async () => {
  t.offset.ms = 0;
  t.sandbox.control.resetRealm(REALM);
  t.sandbox.control.setThrottle(REALM, { perMinute: 500, maxConcurrent: 10, format: "xml" });
  t.token = (await t.sandbox.control.issueTokens(REALM)).access_token;
});

const control = () => t.sandbox.control;
const THROTTLE_XML =
  /<IntuitResponse time="[^"]+" xmlns="http:\/\/schema.intuit.com\/finance\/v3">\s*<Fault type="SERVICE">\s*<Error code="3001">\s*<Message>message=ThrottleExceeded; errorCode=003001; statusCode=429<\/Message>\s*<Detail>The request limit was reached. {2}Try again later<\/Detail>/;

function authFault(body: Body) {
  return (body.fault as { error: Body[] }).error[0]!;
}

describe("tokens", () => {
  it("answers 401 once the connection is revoked (control API or Intuit's revoke endpoint)", async () => {
    expect((await query(t, "select count(*) from Invoice")).status).toBe(200);
    expect(control().revokeTokens(REALM).grants).toBeGreaterThanOrEqual(1);
    const revoked = await query(t, "select count(*) from Invoice");
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toContain("Bearer");
    expect(authFault(revoked.body)).toMatchObject({
      message: "message=AuthenticationFailed; errorCode=003200; statusCode=401",
      code: "3200",
    });
    expect((revoked.body.fault as Body).type).toBe("AUTHENTICATION");

    const { access_token, refresh_token } = await control().issueTokens(REALM);
    const res = await fetch(`${t.sandbox.baseUrl}/v2/oauth2/tokens/revoke`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ token: refresh_token }),
    });
    expect(res.status).toBe(200);
    expect((await query(t, "select count(*) from Invoice", { token: access_token })).status).toBe(401);
  });

  it("answers 401 after the access token's hour, and invalid_grant for an expired refresh token", async () => {
    const { access_token, refresh_token } = await control().issueTokens(REALM);
    t.offset.ms = 3601_000;
    expect((await query(t, "select count(*) from Invoice", { token: access_token })).status).toBe(401);
    t.offset.ms = 0;

    const fresh = await control().issueTokens(REALM);
    control().expireTokens(REALM);
    const refresh = await tokenRequest(t.sandbox.baseUrl, {
      grant_type: "refresh_token",
      refresh_token: fresh.refresh_token,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body).toEqual({
      error_description: "Incorrect or invalid refresh token",
      error: "invalid_grant",
    });
    // Access tokens keep working until their hour is over, unless expired too.
    expect((await query(t, "select count(*) from Invoice", { token: fresh.access_token })).status).toBe(200);
    control().expireTokens(REALM, { access: true });
    expect((await query(t, "select count(*) from Invoice", { token: fresh.access_token })).status).toBe(401);
    const old = await tokenRequest(t.sandbox.baseUrl, { grant_type: "refresh_token", refresh_token });
    expect(old.body.error).toBe("invalid_grant");
  });
});

describe("throttling", () => {
  it("answers 429 with Intuit's XML ThrottleExceeded fault over the per-minute limit, until the minute passes", async () => {
    control().setThrottle(REALM, { perMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await query(t, "select count(*) from Customer")).status).toBe(200);
    const limited = await query(t, "select count(*) from Customer");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toBe("application/xml;charset=UTF-8");
    expect(limited.text).toMatch(THROTTLE_XML);
    // Other realms have their own window.
    const other = await control().issueTokens("9341452000000002");
    expect(
      (
        await query(t, "select count(*) from Customer", {
          token: other.access_token,
          realm: "9341452000000002",
        })
      ).status,
    ).toBe(200);

    t.offset.ms = 61_000;
    expect((await query(t, "select count(*) from Customer")).status).toBe(200);
  });

  it("limits requests in flight, and can answer 429 in JSON", async () => {
    control().setThrottle(REALM, { maxConcurrent: 2, format: "json" });
    control().setFaults(REALM, { slowMs: 150, slowRate: 1 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => query(t, "select count(*) from Customer")));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429]);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body).toMatchObject({
      Fault: {
        Error: [{ Message: "message=ThrottleExceeded; errorCode=003001; statusCode=429", code: "3001" }],
        type: "SERVICE",
      },
    });
  });
});

describe("injected faults", () => {
  it("answers 429 and 5xx at the given rates, then nothing once cleared", async () => {
    control().setFaults(REALM, { rate429: 1 });
    const throttled = await query(t, "select * from Invoice");
    expect(throttled.status).toBe(429);
    expect(throttled.text).toMatch(THROTTLE_XML);

    control().setFaults(REALM, { rate429: 0, rate5xx: 1 });
    const failed = await query(t, "select * from Invoice");
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      Fault: {
        Error: [{ Message: "message=InternalServerError; errorCode=003100; statusCode=500", code: "3100" }],
        type: "SERVICE",
      },
      time: expect.any(String),
    });
    control().setFaults(REALM, { status5xx: 503 });
    const unavailable = await query(t, "select * from Invoice");
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("content-type")).toBe("text/html");
    expect(unavailable.text).toContain("503 Service Unavailable");

    control().setFaults(REALM, { rate5xx: 0.5, status5xx: 500 });
    const mixed = await Promise.all(
      Array.from({ length: 40 }, () => query(t, "select count(*) from Customer")),
    );
    const errors = mixed.filter((a) => a.status === 500).length;
    expect(errors).toBeGreaterThan(8);
    expect(errors).toBeLessThan(32);

    control().clearFaults(REALM);
    expect((await query(t, "select * from Invoice")).status).toBe(200);
  });

  it("drops connections and answers slowly", async () => {
    control().setFaults(REALM, { rateDrop: 1 });
    await expect(query(t, "select * from Invoice")).rejects.toThrow();
    control().setFaults(REALM, { rateDrop: 0, slowMs: 300, slowRate: 1 });
    const started = performance.now();
    expect((await query(t, "select count(*) from Invoice")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(() => control().setFaults(REALM, { rate5xx: 2 })).toThrow(/rate5xx/);
  });

  it("cuts a page mid-body: the status and the full length arrive, then the connection closes", async () => {
    control().setFaults(REALM, { rateCut: 1 });
    const res = await fetch(
      `${t.sandbox.baseUrl}/v3/company/${REALM}/query?query=${encodeURIComponent("select * from Invoice")}&minorversion=75`,
      { headers: { accept: "application/json", authorization: `Bearer ${t.token}` } },
    );
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(1000);
    await expect(res.text()).rejects.toThrow();
    control().clearFaults(REALM);
    expect((await query(t, "select * from Invoice")).status).toBe(200);
    expect(() => control().setFaults(REALM, { rateCut: -1 })).toThrow(/rateCut/);
  });

  it("revokes connections and expires refresh tokens at the given rates", async () => {
    const { refresh_token } = await control().issueTokens(REALM);
    control().setFaults(REALM, { rateRefreshExpired: 1 });
    const refresh = await tokenRequest(t.sandbox.baseUrl, { grant_type: "refresh_token", refresh_token });
    expect(refresh.body).toEqual({
      error_description: "Incorrect or invalid refresh token",
      error: "invalid_grant",
    });

    control().setFaults(REALM, { rateRefreshExpired: 0, rateRevoked: 1 });
    expect((await query(t, "select count(*) from Invoice")).status).toBe(401);
    control().clearFaults(REALM);
    // The connection stays revoked.
    expect((await query(t, "select count(*) from Invoice")).status).toBe(401);
  });

  it("is settable over HTTP", async () => {
    const res = await fetch(`${t.sandbox.controlUrl}/realms/${REALM}/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rate5xx: 1, status5xx: 502 }),
    });
    expect(await res.json()).toMatchObject({ rate5xx: 1, status5xx: 502, rate429: 0 });
    expect((await query(t, "select * from Invoice")).status).toBe(502);
    await fetch(`${t.sandbox.controlUrl}/realms/${REALM}/faults`, { method: "DELETE" });
    expect((await query(t, "select * from Invoice")).status).toBe(200);
  });
});
