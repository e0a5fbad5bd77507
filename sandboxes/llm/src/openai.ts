/**
 * OpenAI-compatible chat: `POST /v1/chat/completions`, `GET /v1/models[/{model}]`.
 * Auth by `Authorization: Bearer`; errors are `{error:{message,type,param,code}}`.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answer,
  type ModelInput,
  type Outcome,
  promptTokens,
  type SandboxState,
  type Sent,
} from "./generate.ts";
import { BodyTooLarge, isRecord, parseJson, readBody, sendJson } from "./http.ts";
import { newEntry, type RecordedRequest } from "./log.ts";
import { readPrompt } from "./prompt.ts";

export const DEFAULT_OPENAI_MODELS = ["gpt-4o-mini", "gpt-4.1-mini", "gpt-5-mini", "llama3.2"];

const KNOWN_PARAMS = new Set([
  "model",
  "messages",
  "temperature",
  "top_p",
  "n",
  "stop",
  "max_tokens",
  "max_completion_tokens",
  "presence_penalty",
  "frequency_penalty",
  "logit_bias",
  "logprobs",
  "top_logprobs",
  "user",
  "safety_identifier",
  "prompt_cache_key",
  "seed",
  "response_format",
  "tools",
  "tool_choice",
  "parallel_tool_calls",
  "functions",
  "function_call",
  "stream",
  "stream_options",
  "service_tier",
  "store",
  "metadata",
  "reasoning_effort",
  "verbosity",
  "modalities",
  "audio",
  "prediction",
  "web_search_options",
]);
const ROLES = ["system", "developer", "user", "assistant", "tool", "function"];

interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

class InvalidRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): OpenAiErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendJson(res, status, body, {
    "x-request-id": `req_${randomBytes(16).toString("hex")}`,
    "openai-version": "2020-10-01",
    "openai-processing-ms": "1",
    ...headers,
  });
}

function contentText(content: unknown, where: string): string {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    throw new InvalidRequest(
      400,
      `Invalid type for '${where}': expected one of a string or array of objects, but got ${typeof content} instead.`,
      "invalid_request_error",
      where,
      "invalid_type",
    );
  }
  return content
    .map((part) => (isRecord(part) && part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}

function readRequest(body: unknown): { input: ModelInput; model: string } {
  if (!isRecord(body)) {
    throw new InvalidRequest(400, "Invalid request: the body must be a JSON object.");
  }
  for (const name of Object.keys(body)) {
    if (!KNOWN_PARAMS.has(name))
      throw new InvalidRequest(400, `Unrecognized request argument supplied: ${name}`);
  }
  const { model, messages } = body;
  if (typeof model !== "string" || !model)
    throw new InvalidRequest(400, "you must provide a model parameter");
  if (messages === undefined) {
    throw new InvalidRequest(
      400,
      "Missing required parameter: 'messages'.",
      "invalid_request_error",
      "messages",
      "missing_required_parameter",
    );
  }
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new InvalidRequest(
      400,
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      "invalid_request_error",
      "messages",
      "empty_array",
    );
  }
  if (body.stream === true) {
    throw new InvalidRequest(
      400,
      "The LLM sandbox does not stream: send stream: false or leave it out.",
      "invalid_request_error",
      "stream",
    );
  }
  const system: string[] = [];
  const user: string[] = [];
  const other: string[] = [];
  messages.forEach((message, i) => {
    const role = isRecord(message) ? message.role : undefined;
    if (typeof role !== "string" || !ROLES.includes(role)) {
      throw new InvalidRequest(
        400,
        `Invalid value: '${String(role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        "invalid_request_error",
        `messages[${i}].role`,
        "invalid_value",
      );
    }
    const text = contentText((message as Record<string, unknown>).content, `messages[${i}].content`);
    if (role === "system" || role === "developer") system.push(text);
    else if (role === "user") user.push(text);
    else other.push(text);
  });

  const temperature = body.temperature;
  if (temperature !== undefined && temperature !== null) {
    if (typeof temperature !== "number" || temperature < 0 || temperature > 2) {
      throw new InvalidRequest(
        400,
        `Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${String(temperature)} instead.`,
        "invalid_request_error",
        "temperature",
        typeof temperature === "number" && temperature < 0
          ? "decimal_below_min_value"
          : "decimal_above_max_value",
      );
    }
  }
  let maxTokens: number | undefined;
  for (const name of ["max_tokens", "max_completion_tokens"]) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      throw new InvalidRequest(
        400,
        `Invalid '${name}': integer below minimum value. Expected a value >= 1, but got ${String(value)} instead.`,
        "invalid_request_error",
        name,
        "integer_below_min_value",
      );
    }
    maxTokens = Math.min(maxTokens ?? value, value);
  }
  const format = body.response_format;
  if (format !== undefined && format !== null) {
    const type = isRecord(format) ? format.type : undefined;
    if (type !== "text" && type !== "json_object" && type !== "json_schema") {
      throw new InvalidRequest(
        400,
        `Invalid value: '${String(type)}'. Supported values are: 'text', 'json_object', and 'json_schema'.`,
        "invalid_request_error",
        "response_format.type",
        "invalid_value",
      );
    }
    const all = [...system, ...user, ...other].join("\n");
    if (type === "json_object" && !/json/i.test(all)) {
      throw new InvalidRequest(
        400,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        "invalid_request_error",
        "messages",
      );
    }
  }
  return {
    model,
    input: {
      systemText: system.join("\n\n"),
      userText: user.join("\n\n"),
      otherText: other.join("\n\n"),
      maxTokens,
    },
  };
}

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

function checkKey(state: SandboxState, req: IncomingMessage): [RecordedRequest["apiKey"], InvalidRequest?] {
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

function modelNotFound(model: string) {
  return new InvalidRequest(
    404,
    `The model \`${model}\` does not exist or you do not have access to it.`,
    "invalid_request_error",
    null,
    "model_not_found",
  );
}

export async function chatCompletions(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    send(res, 413, new InvalidRequest(413, "Request too large.").body());
    return;
  }
  const parsed = parseJson(text);
  const [apiKey, refused] = checkKey(state, req);
  const claimedModel =
    parsed.ok && isRecord(parsed.value) && typeof parsed.value.model === "string" ? parsed.value.model : null;
  const entry = state.log.add(
    newEntry("openai", req, url, parsed.ok ? parsed.value : text, claimedModel, apiKey),
  );
  let request: ReturnType<typeof readRequest>;
  try {
    if (refused) throw refused;
    if (!parsed.ok) {
      throw new InvalidRequest(
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      );
    }
    request = readRequest(parsed.value);
    if (state.models && !state.models.has(request.model)) throw modelNotFound(request.model);
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    entry.status = error.status;
    entry.notes.push(error.message);
    send(res, error.status, error.body(), error.headers);
    return;
  }
  const { input, model } = request;
  entry.systemText = input.systemText;
  entry.userText = input.userText;
  const prompt = readPrompt(input.userText);
  entry.facts = prompt.facts;
  entry.customerReply = prompt.customerReply;
  await answer(state, res, entry, input, (outcome) => reply(res, model, promptTokens(input), outcome));
}

const SERVER_ERRORS: Record<number, string> = {
  500: "The server had an error while processing your request. Sorry about that!",
  502: "Bad gateway.",
  503: "The server is overloaded or not ready yet.",
  504: "Gateway timeout.",
};

function reply(res: ServerResponse, model: string, prompt: number, outcome: Outcome): Sent {
  if (outcome.kind === "error") {
    const error = new InvalidRequest(
      outcome.status,
      SERVER_ERRORS[outcome.status] ?? "Server error.",
      "server_error",
    );
    send(res, outcome.status, error.body());
    return { status: outcome.status, text: null };
  }
  if (outcome.kind === "rate-limit") {
    const seconds = outcome.retryAfterSeconds;
    const error = new InvalidRequest(
      429,
      `Rate limit reached for ${model} in organization org-sandbox on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${seconds}s.`,
      "requests",
      null,
      "rate_limit_exceeded",
    );
    send(res, 429, error.body(), {
      "retry-after": String(seconds),
      "x-ratelimit-limit-requests": "3",
      "x-ratelimit-remaining-requests": "0",
      "x-ratelimit-reset-requests": `${seconds}s`,
    });
    return { status: 429, text: null };
  }
  let content: string | null;
  let finish: string;
  let completion: number;
  if (outcome.kind === "blocked") {
    content = null;
    finish = "content_filter";
    completion = 0;
  } else if (outcome.kind === "max-tokens") {
    content = outcome.partialText;
    finish = "length";
    completion = outcome.limit;
  } else {
    content = outcome.text;
    finish = outcome.truncated ? "length" : "stop";
    completion = outcome.outputTokens;
  }
  send(res, 200, {
    id: `chatcmpl-${randomBytes(15).toString("base64url")}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finish,
      },
    ],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: "fp_sandbox",
  });
  return { status: 200, text: content };
}

function modelInfo(id: string) {
  return { id, object: "model", created: 1_700_000_000, owned_by: "recoup-sandbox" };
}

/** `GET /v1/models` and `GET /v1/models/{model}`. */
export function models(state: SandboxState, req: IncomingMessage, res: ServerResponse, model?: string): void {
  const [, refused] = checkKey(state, req);
  const known = state.models ? [...state.models] : DEFAULT_OPENAI_MODELS;
  if (refused) send(res, refused.status, refused.body());
  else if (model === undefined) send(res, 200, { object: "list", data: known.map(modelInfo) });
  else if (state.models && !state.models.has(model)) send(res, 404, modelNotFound(model).body());
  else send(res, 200, modelInfo(model));
}

export function openAiNotFound(res: ServerResponse, method: string, path: string): void {
  send(res, 404, new InvalidRequest(404, `Invalid URL (${method} ${path})`).body());
}
