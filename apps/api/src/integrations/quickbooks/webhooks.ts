/**
 * Intuit's webhooks at the edge: the signature (HMAC-SHA256 of the raw body with the verifier
 * token, base64) and both payload formats, parsed into typed notifications.
 */
import { createHmac } from "node:crypto";
import { safeEqual } from "../../lib/crypto.ts";

export interface QboChange {
  entity: string;
  id: string;
  operation: string;
  lastUpdated: string;
}
export interface QboNotification {
  realmId: string;
  changes: QboChange[];
}

export function validWebhookSignature(rawBody: string, signature: string, verifierToken: string): boolean {
  const expected = createHmac("sha256", verifierToken).update(rawBody).digest("base64");
  return Boolean(signature) && safeEqual(signature, expected);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/** Legacy `eventNotifications`, and CloudEvents (one event or an array); undefined when it is neither. */
export function parseWebhookPayload(payload: unknown): QboNotification[] | undefined {
  if (isObject(payload) && "eventNotifications" in payload) {
    const list = Array.isArray(payload.eventNotifications) ? payload.eventNotifications : [];
    return list.filter(isObject).map((n) => {
      const entities = (n.dataChangeEvent as { entities?: unknown } | undefined)?.entities;
      return {
        realmId: String(n.realmId ?? ""),
        changes: (Array.isArray(entities) ? entities : []).filter(isObject).map((e) => ({
          entity: String(e.name ?? ""),
          id: String(e.id ?? ""),
          operation: String(e.operation ?? ""),
          lastUpdated: String(e.lastUpdated ?? ""),
        })),
      };
    });
  }
  const events = Array.isArray(payload) ? payload : [payload];
  if (!events.every(isObject)) return undefined;
  return events.map((e) => ({
    realmId: String(e.intuitaccountid ?? (e.data as Json | undefined)?.realmId ?? ""),
    changes: [
      {
        entity: String(e.type ?? ""),
        id: String(e.intuitentityid ?? e.id ?? ""),
        operation: "",
        lastUpdated: String(e.time ?? ""),
      },
    ],
  }));
}
