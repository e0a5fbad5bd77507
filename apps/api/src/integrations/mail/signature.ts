import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `X-Inbound-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (the shape
 * of Stripe's webhook signature), in constant time, within five minutes of `now`.
 */
export function verifyInboundSignature(secret: string, header: string | undefined, body: Buffer, now: Date) {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(body).digest();
  return signatures.some((hex) => {
    const given = Buffer.from(hex, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
