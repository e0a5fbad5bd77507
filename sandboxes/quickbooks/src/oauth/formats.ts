import { randomBytes, randomInt } from "node:crypto";
import { EncryptJWT } from "jose";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomAlphanumeric(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** Looks like Intuit's codes and refresh tokens: "AB11" + epoch seconds + random characters (50 in all). */
export function intuitOpaqueToken(nowMs: number): string {
  return `AB11${Math.floor(nowMs / 1000)}${randomAlphanumeric(36)}`;
}

/**
 * Intuit's access tokens are JWEs (`{"enc":"A128CBC-HS256","alg":"dir"}`) that clients must treat as
 * opaque. Ours are too, encrypted with a per-run key; the server looks them up, never decrypts.
 */
export function createAccessTokenFactory() {
  const key = randomBytes(32);
  return (claims: Record<string, unknown>, nowMs: number, expiresInSeconds: number): Promise<string> =>
    new EncryptJWT(claims)
      .setProtectedHeader({ enc: "A128CBC-HS256", alg: "dir" })
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(Math.floor(nowMs / 1000) + expiresInSeconds)
      .setJti(randomBytes(16).toString("hex"))
      .encrypt(key);
}
