import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { appForFile, createUser } from "./kit/index.ts";

const t = appForFile();

describe("tokens and sessions", () => {
  const key = createHash("sha256")
    .update("recoup-jwt:test-secret-test-secret-test-secret-0123456789")
    .digest();
  const forge = (claims: Record<string, unknown>, exp: string | number, k: Uint8Array = key) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("http://localhost:3000")
      .setAudience("recoup")
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(k);

  it("refuses missing, forged, expired, alg:none and refresh tokens as bearer", async () => {
    const u = await createUser(t);
    const claims = await t.ctx.tokens.verify(u.token);
    const base = { sub: claims!.userId, sid: claims!.sessionId, token_use: "id" };
    const expired = await forge(base, Math.floor(Date.now() / 1000) - 1);
    const otherKey = await forge(base, "10m", new Uint8Array(32).fill(7));
    const header = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    const body = Buffer.from(JSON.stringify({ ...base, exp: 9_999_999_999 })).toString("base64url");
    for (const token of [undefined, expired, otherKey, `${header}.${body}.`, u.tokens.RefreshToken]) {
      const res = await t.call("GET", "/v1/auth/user/details", { token });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe("UNAUTHORIZED");
    }
  });

  it("sends fresh tokens in x-new-* headers when the token is about to expire (browser, with its refresh cookie)", async () => {
    const u = await createUser(t);
    const claims = await t.ctx.tokens.verify(u.token);
    const soon = await forge({ sub: claims!.userId, sid: claims!.sessionId, token_use: "id" }, "2m");
    const details = (token: string) =>
      t.call("GET", "/v1/auth/user/details", {
        token,
        cookies: { "__Host-recoup_rt": u.tokens.RefreshToken },
      });
    const res = await details(soon);
    expect(res.status).toBe(200);
    const fresh = res.headers["x-new-id-token"] as string;
    expect(fresh).toBeTruthy();
    expect(res.headers["x-new-access-token"]).toBeTruthy();
    expect((await t.call("GET", "/v1/auth/user/details", { token: fresh })).status).toBe(200);
    expect((await details(u.token)).headers["x-new-id-token"]).toBeUndefined();
  });

  it("rotates refresh tokens and revokes the family when an old one is reused", async () => {
    const u = await createUser(t);
    const r1 = u.tokens.RefreshToken;
    const first = await t.call("POST", "/v1/auth/refresh", { body: { RefreshToken: r1 } });
    expect(first.status).toBe(200);
    const r2 = first.json.data.RefreshToken;
    expect(r2).not.toBe(r1);
    expect(first.headers["set-cookie"]).toMatch(/__Host-recoup_rt=.*HttpOnly.*Secure.*SameSite=Strict/i);
    // A second use within the grace window is a concurrent refresh: told to retry, not signed out.
    const race = await t.call("POST", "/v1/auth/refresh", { body: { RefreshToken: r1 } });
    expect(race.json.error.code).toBe("REFRESH_RACE");
    // Later, a reuse is theft: the whole family is revoked.
    await t.ctx.db.execute(
      `update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null` as never,
    );
    const reuse = await t.call("POST", "/v1/auth/refresh", { body: { RefreshToken: r1 } });
    expect(reuse.status).toBe(401);
    expect(reuse.json.error.code).toBe("INVALID_REFRESH_TOKEN");
    expect((await t.call("POST", "/v1/auth/refresh", { body: { RefreshToken: r2 } })).status).toBe(401);
    expect((await t.call("GET", "/v1/auth/user/details", { token: first.json.data.IdToken })).status).toBe(
      401,
    );
  });

  it("logout revokes the id token and the refresh token at once", async () => {
    const u = await createUser(t);
    const res = await t.call("POST", "/v1/auth/logout", {
      body: { RefreshToken: u.tokens.RefreshToken },
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect((await t.call("GET", "/v1/auth/user/details", { token: u.token })).status).toBe(401);
    expect(
      (await t.call("POST", "/v1/auth/refresh", { body: { RefreshToken: u.tokens.RefreshToken } })).status,
    ).toBe(401);
  });

  it("reads the refresh token from its HttpOnly cookie", async () => {
    const u = await createUser(t);
    const res = await t.call("POST", "/v1/auth/refresh", {
      cookies: { "__Host-recoup_rt": u.tokens.RefreshToken },
    });
    expect(res.status).toBe(200);
  });
});
