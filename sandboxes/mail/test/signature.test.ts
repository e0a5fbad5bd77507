import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signInbound, verifyInboundSignature } from "../src/index.ts";

const SECRET = "whsec_test";
const NOW = new Date("2026-11-23T10:00:00Z");
const T = NOW.getTime() / 1000;

describe("inbound signature", () => {
  it("is t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t.body)>", () => {
    const body = Buffer.from("Subject: hi\r\n\r\nbody\r\n");
    const expected = createHmac("sha256", SECRET).update(`${T}.`).update(body).digest("hex");
    expect(signInbound(SECRET, body, NOW)).toBe(`t=${T},v1=${expected}`);
    expect(signInbound(SECRET, body.toString(), NOW)).toBe(`t=${T},v1=${expected}`);
  });

  it("verifies its own signature and rejects a tampered body, another secret or a malformed header", () => {
    const body = Buffer.from("Subject: hi\r\n\r\nbody\r\n");
    const header = signInbound(SECRET, body, NOW);
    expect(verifyInboundSignature(SECRET, header, body, 300, NOW)).toBe(true);
    expect(verifyInboundSignature(SECRET, header, Buffer.from("Subject: hi\r\n\r\nbodY\r\n"), 300, NOW)).toBe(
      false,
    );
    expect(verifyInboundSignature("other", header, body, 300, NOW)).toBe(false);
    expect(verifyInboundSignature(SECRET, undefined, body, 300, NOW)).toBe(false);
    expect(verifyInboundSignature(SECRET, "", body, 300, NOW)).toBe(false);
    expect(verifyInboundSignature(SECRET, `t=${T}`, body, 300, NOW)).toBe(false);
    expect(verifyInboundSignature(SECRET, header.replace(/v1=../, "v1=zz"), body, 300, NOW)).toBe(false);
    expect(verifyInboundSignature(SECRET, `${header.slice(0, -2)}`, body, 300, NOW)).toBe(false);
  });

  it("rejects timestamps outside the tolerance, either way", () => {
    const body = "x";
    const header = signInbound(SECRET, body, NOW);
    expect(verifyInboundSignature(SECRET, header, body, 300, new Date(NOW.getTime() + 300_000))).toBe(true);
    expect(verifyInboundSignature(SECRET, header, body, 300, new Date(NOW.getTime() + 301_000))).toBe(false);
    expect(verifyInboundSignature(SECRET, header, body, 300, new Date(NOW.getTime() - 301_000))).toBe(false);
    expect(verifyInboundSignature(SECRET, header, body, 600, new Date(NOW.getTime() + 400_000))).toBe(true);
  });

  it("accepts any one matching v1 among several (secret rotation)", () => {
    const body = "x";
    const good = signInbound(SECRET, body, NOW);
    const other = signInbound("old", body, NOW).split(",")[1];
    expect(verifyInboundSignature(SECRET, `${good}, ${other}`, body, 300, NOW)).toBe(true);
    expect(verifyInboundSignature(SECRET, `t=${T}, ${other}`, body, 300, NOW)).toBe(false);
  });
});
