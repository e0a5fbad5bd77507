/**
 * The inbound-email signature: `X-Inbound-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`
 * (the Stripe-like shape in docs/research email.md). The sandbox signs what it posts; the API verifies with the
 * same two functions.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const INBOUND_SIGNATURE_HEADER = "X-Inbound-Signature";

function hmac(secret: string, timestamp: number, rawBody: Uint8Array | string): Buffer {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The `X-Inbound-Signature` value for `rawBody` at `now` (default: the current time). */
export function signInbound(secret: string, rawBody: Uint8Array | string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString("hex")}`;
}

/**
 * True when `header` holds a timestamp within `toleranceSeconds` of `now` and a `v1` signature (one of
 * several is enough, for secret rotation) that matches `rawBody`. Compares in constant time.
 */
export function verifyInboundSignature(
  secret: string,
  header: string | null | undefined,
  rawBody: Uint8Array | string,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === undefined || !signatures.length) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = hmac(secret, timestamp, rawBody);
  let match = false;
  for (const signature of signatures) match = timingSafeEqual(signature, expected) || match;
  return match;
}
