import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOn } from "@recoup/sandbox-http";
import { type ControlState, control, controlState, resetState } from "./control.ts";
import { generateContent } from "./gemini/generate.ts";
import * as gemini from "./gemini/models.ts";
import type { SandboxState } from "./generate.ts";
import { sendJson } from "./http.ts";
import { type RecordedRequest, RequestLog } from "./log.ts";
import { type ModeSpec, Modes, toSettings } from "./modes.ts";
import { chatCompletions } from "./openai/chat.ts";
import * as openai from "./openai/models.ts";

export type { ControlState } from "./control.ts";
export { composeDraft, type Draft, renderText, toneOf } from "./draft.ts";
export type { Provider, RecordedRequest } from "./log.ts";
export { type LlmMode, MODES, type ModeSettings, type ModeSpec, type ModeState } from "./modes.ts";
export { type Facts, readPrompt, type Tone } from "./prompt.ts";

export interface LlmSandboxOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Default 4040; 0 picks a free port. */
  port?: number;
  /** The one API key accepted by both APIs (default "sandbox-key"). */
  apiKey?: string;
  /** The mode at start and after reset (default "normal"). */
  mode?: ModeSpec;
  /** How long "slow" waits when its settings give no delayMs (default 15000). */
  delayMs?: number;
  /** When set, only these model names exist (others answer 404); default: any name works. */
  models?: string[];
}

export interface LlmSandbox {
  port: number;
  /** e.g. http://127.0.0.1:4040 */
  baseUrl: string;
  /** Base URL for Gemini clients (`${geminiBaseUrl}/v1beta/models/{model}:generateContent`); = baseUrl. */
  geminiBaseUrl: string;
  /** Base URL for OpenAI clients (`${openaiBaseUrl}/chat/completions`): `${baseUrl}/v1`. */
  openaiBaseUrl: string;
  /** `${baseUrl}/_sandbox` */
  controlUrl: string;
  apiKey: string;
  /** Sets the mode of every request from now on (after the queued ones). */
  setMode(mode: ModeSpec): ControlState;
  /** Queues modes for the next requests, one each; then the global mode applies again. */
  queue(modes: ModeSpec | ModeSpec[]): ControlState;
  state(): ControlState;
  /** The requests received (oldest first), keys redacted. */
  requests(): RecordedRequest[];
  /** Back to the start mode, no queue, no recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_PORT = 4040;
const DEFAULT_SLOW_MS = 15_000;

const GEMINI_GENERATE = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):generateContent$/;
const GEMINI_MODELS = /^\/(v1beta|v1alpha)\/models(?:\/([^/:]+))?$/;
const OPENAI_MODELS = /^\/v1\/models(?:\/([^/]+))?$/;

async function handle(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox");
  const path = url.pathname;
  const method = req.method ?? "GET";
  if (path === "/_sandbox" || path.startsWith("/_sandbox/")) return control(state, req, res, path);

  let m = GEMINI_GENERATE.exec(path);
  if (m && method === "POST") {
    return generateContent(state, req, res, url, m[1]!, decodeURIComponent(m[2]!));
  }
  m = GEMINI_MODELS.exec(path);
  if (m && method === "GET") {
    return gemini.models(
      state,
      req,
      res,
      url,
      m[1]!,
      m[2] === undefined ? undefined : decodeURIComponent(m[2]),
    );
  }
  if (path === "/v1/chat/completions" && method === "POST") return chatCompletions(state, req, res, url);
  m = OPENAI_MODELS.exec(path);
  if (m && method === "GET") {
    return openai.models(state, req, res, m[1] === undefined ? undefined : decodeURIComponent(m[1]));
  }
  if (path === "/" && method === "GET") {
    return sendJson(res, 200, {
      name: "Recoup LLM sandbox",
      gemini: "POST /v1beta/models/{model}:generateContent (x-goog-api-key)",
      openai: "POST /v1/chat/completions (Authorization: Bearer)",
      control: "/_sandbox (mode, next, requests, reset)",
    });
  }
  if (/^\/v1(beta|alpha)\//.test(path) || GEMINI_GENERATE.test(path)) return gemini.geminiNotFound(res);
  return openai.openAiNotFound(res, method, path);
}

export async function startLlmSandbox(options: LlmSandboxOptions = {}): Promise<LlmSandbox> {
  const { host = "127.0.0.1", port = DEFAULT_PORT, apiKey = "sandbox-key" } = options;
  const delayMs = options.delayMs ?? DEFAULT_SLOW_MS;
  if (!Number.isFinite(delayMs) || delayMs < 0)
    throw new Error("delayMs must be a number of milliseconds ≥ 0");
  if (!apiKey) throw new Error("apiKey must not be empty");
  const state: SandboxState = {
    apiKey,
    modes: new Modes(toSettings(options.mode ?? "normal"), delayMs),
    log: new RequestLog(),
    models: options.models ? new Set(options.models) : undefined,
    pending: new Set(),
  };

  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      console.error("llm sandbox: unhandled error", error);
      if (!res.headersSent) sendJson(res, 500, { error: "sandbox error" });
      else res.destroy();
    });
  });
  const actualPort = await listenOn(server, port, host);
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  const baseUrl = `http://${urlHost === "::" || urlHost === "[::]" ? "[::1]" : urlHost}:${actualPort}`;

  return {
    port: actualPort,
    baseUrl,
    geminiBaseUrl: baseUrl,
    openaiBaseUrl: `${baseUrl}/v1`,
    controlUrl: `${baseUrl}/_sandbox`,
    apiKey,
    setMode: (mode) => {
      state.modes.set(mode);
      return controlState(state);
    },
    queue: (modes) => {
      state.modes.enqueue(Array.isArray(modes) ? modes : [modes]);
      return controlState(state);
    },
    state: () => controlState(state),
    requests: () => state.log.list(),
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const cancel of [...state.pending]) cancel();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
