/** The API key, by `x-goog-api-key` or `?key=`; refused the way Google refuses it. */
import type { IncomingMessage } from "node:http";
import type { SandboxState } from "../generate.ts";
import type { RecordedRequest } from "../log.ts";
import { InvalidRequest } from "./wire.ts";

export function checkKey(state: SandboxState, req: IncomingMessage, url: URL): RecordedRequest["apiKey"] {
  const header = req.headers["x-goog-api-key"];
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get("key") ?? "";
  if (!key) return "missing";
  return key === state.apiKey ? "valid" : "invalid";
}

const KEY_INVALID = "API key not valid. Please pass a valid API key.";

/** Refuses a bad key the way Google does: 403 without a key, 400 API_KEY_INVALID with a wrong one. */
export function keyError(apiKey: RecordedRequest["apiKey"]): InvalidRequest | undefined {
  if (apiKey === "missing") {
    return new InvalidRequest(
      403,
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  if (apiKey === "invalid") {
    return new InvalidRequest(400, KEY_INVALID, [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "API_KEY_INVALID",
        domain: "googleapis.com",
        metadata: { service: "generativelanguage.googleapis.com" },
      },
      { "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message: KEY_INVALID },
    ]);
  }
  return undefined;
}
