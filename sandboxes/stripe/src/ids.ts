import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: drop the bytes above it so every character is equally likely
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/**
 * Ids shaped like Stripe's: short ones (`cus_NffrFeUfNV2Hib`) for customers, products and items,
 * long ones (`sub_1MowQVLkdIwHu7ixeRlqHVzs`) for the rest.
 */
const SHORT = new Set(["cus", "prod", "si", "req"]);

export function newId(prefix: string): string {
  return SHORT.has(prefix) ? `${prefix}_${randomToken(14)}` : `${prefix}_1${randomToken(23)}`;
}
