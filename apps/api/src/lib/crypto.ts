import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 256 bits from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
export const hmac = (key: string, value: string) =>
  createHmac("sha256", key).update(value).digest("base64url");
/** `length` random lowercase letters and digits from the CSPRNG (12: 62 bits). */
export const shortId = (length = 12) =>
  Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[randomInt(0, 36)]).join("");
/** Six random digits from the CSPRNG. */
export const sixDigitCode = () => randomInt(0, 1_000_000).toString().padStart(6, "0");

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
