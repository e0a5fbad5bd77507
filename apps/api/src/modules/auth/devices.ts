import { hmac, randomToken, safeEqual } from "../../lib/crypto.ts";

/**
 * OWASP's device cookies: a browser that has signed in to an account carries a signed cookie
 * naming the account and a random nonce. Its failed logins are counted on their own, so the
 * per-account lock that guessing from elsewhere sets off never shuts the owner out.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const mac = (secret: string, userId: string, nonce: string) => hmac(secret, `device:${userId}:${nonce}`);

export function newDeviceCookie(secret: string, userId: string): string {
  const nonce = randomToken(16);
  return `${userId}.${nonce}.${mac(secret, userId, nonce)}`;
}

/** The device's nonce when the cookie is genuine and was issued for this account, else null. */
export function knownDevice(secret: string, cookie: string | undefined, userId: string): string | null {
  const [owner, nonce, signature, ...rest] = cookie?.split(".") ?? [];
  if (owner !== userId || !nonce || !signature || rest.length > 0) return null;
  return safeEqual(signature, mac(secret, userId, nonce)) ? nonce : null;
}
