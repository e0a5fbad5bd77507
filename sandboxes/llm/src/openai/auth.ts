/** The API key, by `Authorization: Bearer`; a wrong one is named masked, as OpenAI does. */
import type { IncomingMessage } from "node:http";
import type { SandboxState } from "../generate.ts";
import type { RecordedRequest } from "../log.ts";
import { InvalidRequest } from "./wire.ts";

function bearer(req: IncomingMessage): string {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]!.trim() : "";
}

function mask(key: string): string {
  return key.length > 10
    ? `${key.slice(0, 3)}${"*".repeat(key.length - 7)}${key.slice(-4)}`
    : "*".repeat(key.length);
}

export function checkKey(
  state: SandboxState,
  req: IncomingMessage,
): [RecordedRequest["apiKey"], InvalidRequest?] {
  const key = bearer(req);
  if (!key) {
    return [
      "missing",
      new InvalidRequest(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      ),
    ];
  }
  if (key !== state.apiKey) {
    return [
      "invalid",
      new InvalidRequest(
        401,
        `Incorrect API key provided: ${mask(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        null,
        "invalid_api_key",
      ),
    ];
  }
  return ["valid"];
}
