/** The requests the provider APIs received, for tests to assert what Recoup sent. */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Draft } from "./draft.ts";
import type { ModeSettings } from "./modes.ts";
import type { Facts } from "./prompt.ts";

export type Provider = "gemini" | "openai";

export interface RecordedRequest {
  /** 1, 2, ... in order of arrival (since start or the last reset). */
  id: number;
  /** ISO time of arrival. */
  at: string;
  provider: Provider;
  method: string;
  /** Path and query, with a `key=` query parameter redacted. */
  path: string;
  /** Lower-case names; API keys and cookies redacted. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  model: string | null;
  apiKey: "valid" | "invalid" | "missing";
  /** The system prompt's text (systemInstruction / system and developer messages). */
  systemText: string;
  /** The user messages' text, joined by blank lines. */
  userText: string;
  facts: Facts | null;
  customerReply: string | null;
  /** The mode the answer followed; null if the request was refused before (auth, validation). */
  mode: ModeSettings | null;
  /** HTTP status answered; null while pending (slow mode) or if the client went away first. */
  status: number | null;
  /** The client closed the connection before the answer. */
  aborted: boolean;
  /** The draft the model wrote (before rendering), if it wrote one. */
  draft: Draft | null;
  /** The text answered as the model's output, if any. */
  text: string | null;
  /** What the answer did on purpose (wrong figures, injected text, errors). */
  notes: string[];
}

const SECRET_HEADERS = new Set([
  "authorization",
  "x-goog-api-key",
  "api-key",
  "cookie",
  "proxy-authorization",
]);
const MAX_ENTRIES = 1000;

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    if (!SECRET_HEADERS.has(name)) out[name] = text;
    else if (name === "authorization" || name === "proxy-authorization") {
      const scheme = /^(\S+)\s/.exec(text)?.[1];
      out[name] = scheme ? `${scheme} [redacted]` : "[redacted]";
    } else out[name] = "[redacted]";
  }
  return out;
}

export function redactPath(url: URL): string {
  const params = new URLSearchParams(url.search);
  if (params.has("key")) params.set("key", "[redacted]");
  const query = params.toString();
  return query ? `${url.pathname}?${query.replace("%5Bredacted%5D", "[redacted]")}` : url.pathname;
}

export class RequestLog {
  private entries: RecordedRequest[] = [];
  private nextId = 1;

  add(entry: Omit<RecordedRequest, "id">): RecordedRequest {
    const recorded = { id: this.nextId++, ...entry };
    this.entries.push(recorded);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    return recorded;
  }

  list(): RecordedRequest[] {
    return this.entries.map((e) => structuredClone(e));
  }

  clear(): void {
    this.entries = [];
    this.nextId = 1;
  }
}

/** A new entry for a request just read; the handler fills in the rest as it goes. */
export function newEntry(
  provider: Provider,
  req: IncomingMessage,
  url: URL,
  body: unknown,
  model: string | null,
  apiKey: RecordedRequest["apiKey"],
): Omit<RecordedRequest, "id"> {
  return {
    at: new Date().toISOString(),
    provider,
    method: req.method ?? "POST",
    path: redactPath(url),
    headers: redactHeaders(req.headers),
    body,
    model,
    apiKey,
    systemText: "",
    userText: "",
    facts: null,
    customerReply: null,
    mode: null,
    status: null,
    aborted: false,
    draft: null,
    text: null,
    notes: [],
  };
}
