/**
 * Gemini Developer API: `POST /v1beta/models/{model}:generateContent` (and `/v1/...`), plus
 * `GET /v1beta/models[/{model}]`. Auth by `x-goog-api-key` (or `?key=`); errors are google.rpc.Status.
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

const RPC_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  413: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const SERVER_MESSAGES: Record<number, string> = {
  500: "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
  502: "The service is currently unavailable.",
  503: "The model is overloaded. Please try again later.",
  504: "Deadline expired before operation could complete.",
};

export const DEFAULT_GEMINI_MODELS = [
  "gemini-2.5-flash",
  "gemini-2.5-flash-lite",
  "gemini-flash-latest",
  "gemini-3-flash-preview",
];

export function googleError(code: number, message: string, details?: unknown[]) {
  return { error: { code, message, status: RPC_STATUS[code] ?? "UNKNOWN", ...(details ? { details } : {}) } };
}

const JSON_HEADERS = { "content-type": "application/json; charset=UTF-8", vary: "Origin, X-Origin, Referer" };

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendJson(res, status, body, { ...JSON_HEADERS, ...headers });
}

const TOP_LEVEL = new Set([
  "contents",
  "systemInstruction",
  "generationConfig",
  "safetySettings",
  "tools",
  "toolConfig",
  "cachedContent",
  "model",
  "labels",
  "serviceTier",
]);
const GENERATION_CONFIG = new Set([
  "stopSequences",
  "responseMimeType",
  "responseSchema",
  "responseJsonSchema",
  "_responseJsonSchema",
  "responseModalities",
  "candidateCount",
  "maxOutputTokens",
  "temperature",
  "topP",
  "topK",
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "responseLogprobs",
  "logprobs",
  "enableEnhancedCivicAnswers",
  "speechConfig",
  "thinkingConfig",
  "imageConfig",
  "mediaResolution",
]);
const MIME_TYPES = ["text/plain", "application/json", "application/xml", "application/yaml", "text/x.enum"];

/** Proto JSON accepts both spellings of a field: `max_output_tokens` = `maxOutputTokens`. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function field(object: Record<string, unknown>, name: string): unknown {
  return object[name] ?? object[snake(name)];
}

class InvalidRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

function partsText(content: unknown, where: string): string {
  if (!isRecord(content)) {
    throw new InvalidRequest(
      400,
      `Invalid value at '${where}' (type.googleapis.com/google.ai.generativelanguage.v1beta.Content)`,
    );
  }
  const parts = content.parts;
  if (parts === undefined || (Array.isArray(parts) && parts.length === 0)) {
    throw new InvalidRequest(
      400,
      `* GenerateContentRequest.${where}.parts: contents.parts must not be empty.\n`,
    );
  }
  if (!Array.isArray(parts)) throw new InvalidRequest(400, `Invalid value at '${where}.parts'`);
  return parts
    .map((part) =>
      isRecord(part) && typeof part.text === "string" && part.thought !== true ? part.text : "",
    )
    .filter(Boolean)
    .join("\n");
}

/** Checks the body as the API would and reads the texts and the token limit. */
function readRequest(body: unknown): ModelInput {
  if (!isRecord(body)) throw new InvalidRequest(400, "Invalid JSON payload received. Expected an object.");
  for (const name of Object.keys(body)) {
    if (!TOP_LEVEL.has(camel(name))) {
      throw new InvalidRequest(
        400,
        `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`,
      );
    }
  }
  const contents = body.contents;
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0)) {
    throw new InvalidRequest(400, "* GenerateContentRequest.contents: contents is not specified\n");
  }
  if (!Array.isArray(contents)) {
    throw new InvalidRequest(
      400,
      `Invalid value at 'contents' (type.googleapis.com/google.ai.generativelanguage.v1beta.Content)`,
    );
  }
  const user: string[] = [];
  const other: string[] = [];
  contents.forEach((content, i) => {
    const role = isRecord(content) ? content.role : undefined;
    if (role !== undefined && role !== "user" && role !== "model" && role !== "") {
      throw new InvalidRequest(400, "Please use a valid role: user, model.");
    }
    const text = partsText(content, `contents[${i}]`);
    (role === "model" ? other : user).push(text);
  });
  const system = field(body, "systemInstruction");
  const systemText = system === undefined ? "" : partsText(system, "system_instruction");

  let maxTokens: number | undefined;
  const config = field(body, "generationConfig");
  if (config !== undefined) {
    if (!isRecord(config)) throw new InvalidRequest(400, "Invalid value at 'generation_config'");
    for (const name of Object.keys(config)) {
      if (!GENERATION_CONFIG.has(camel(name))) {
        throw new InvalidRequest(
          400,
          `Invalid JSON payload received. Unknown name "${name}" at 'generation_config': Cannot find field.`,
        );
      }
    }
    const temperature = field(config, "temperature");
    if (
      temperature !== undefined &&
      (typeof temperature !== "number" || temperature < 0 || temperature > 2)
    ) {
      throw new InvalidRequest(
        400,
        "* GenerateContentRequest.generation_config.temperature: temperature must be in the range [0.0, 2.0]\n",
      );
    }
    const max = field(config, "maxOutputTokens");
    if (max !== undefined) {
      if (typeof max !== "number" || !Number.isInteger(max) || max <= 0) {
        throw new InvalidRequest(
          400,
          "* GenerateContentRequest.generation_config.max_output_tokens: max_output_tokens must be positive.\n",
        );
      }
      maxTokens = max;
    }
    const mime = field(config, "responseMimeType");
    if (mime !== undefined && (typeof mime !== "string" || !MIME_TYPES.includes(mime))) {
      throw new InvalidRequest(
        400,
        "* GenerateContentRequest.generation_config.response_mime_type: allowed mimetypes are `text/plain`, `application/json`, `application/xml`, `application/yaml` and `text/x.enum`.\n",
      );
    }
  }
  return { systemText, userText: user.join("\n\n"), otherText: other.join("\n\n"), maxTokens };
}

function checkKey(state: SandboxState, req: IncomingMessage, url: URL): RecordedRequest["apiKey"] {
  const header = req.headers["x-goog-api-key"];
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get("key") ?? "";
  if (!key) return "missing";
  return key === state.apiKey ? "valid" : "invalid";
}

const KEY_INVALID = "API key not valid. Please pass a valid API key.";

/** Refuses a bad key the way Google does: 403 without a key, 400 API_KEY_INVALID with a wrong one. */
function keyError(apiKey: RecordedRequest["apiKey"]): InvalidRequest | undefined {
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

function notFound(model: string, version: string) {
  return new InvalidRequest(
    404,
    `models/${model} is not found for API version ${version}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
  );
}

export async function generateContent(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  version: string,
  model: string,
): Promise<void> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    send(res, 413, googleError(413, "Request payload size exceeds the limit."));
    return;
  }
  const parsed = parseJson(text);
  const apiKey = checkKey(state, req, url);
  const entry = state.log.add(newEntry("gemini", req, url, parsed.ok ? parsed.value : text, model, apiKey));
  let input: ModelInput;
  try {
    const refused = keyError(apiKey);
    if (refused) throw refused;
    if (state.models && !state.models.has(model)) throw notFound(model, version);
    if (!parsed.ok) throw new InvalidRequest(400, "Invalid JSON payload received. Unexpected token.");
    input = readRequest(parsed.value);
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    entry.status = error.status;
    entry.notes.push(error.message);
    send(res, error.status, googleError(error.status, error.message, error.details));
    return;
  }
  entry.systemText = input.systemText;
  entry.userText = input.userText;
  const prompt = readPrompt(input.userText);
  entry.facts = prompt.facts;
  entry.customerReply = prompt.customerReply;
  await answer(state, res, entry, input, (outcome) => reply(res, model, promptTokens(input), outcome));
}

function reply(res: ServerResponse, model: string, prompt: number, outcome: Outcome): Sent {
  const envelope = { modelVersion: model, responseId: randomBytes(17).toString("base64url") };
  const promptDetails = [{ modality: "TEXT", tokenCount: prompt }];
  switch (outcome.kind) {
    case "error":
      send(
        res,
        outcome.status,
        googleError(outcome.status, SERVER_MESSAGES[outcome.status] ?? "Internal error."),
      );
      return { status: outcome.status, text: null };
    case "rate-limit": {
      const seconds = outcome.retryAfterSeconds;
      send(
        res,
        429,
        googleError(
          429,
          `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. Please retry in ${seconds}s.`,
          [
            {
              "@type": "type.googleapis.com/google.rpc.QuotaFailure",
              violations: [
                {
                  quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                  quotaId: "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
                  quotaDimensions: { location: "global", model },
                  quotaValue: "10",
                },
              ],
            },
            {
              "@type": "type.googleapis.com/google.rpc.Help",
              links: [
                {
                  description: "Learn more about Gemini API quotas",
                  url: "https://ai.google.dev/gemini-api/docs/rate-limits",
                },
              ],
            },
            { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${seconds}s` },
          ],
        ),
        { "retry-after": String(seconds) },
      );
      return { status: 429, text: null };
    }
    case "blocked":
      send(res, 200, {
        promptFeedback: {
          blockReason: "SAFETY",
          safetyRatings: [
            { category: "HARM_CATEGORY_SEXUALLY_EXPLICIT", probability: "NEGLIGIBLE" },
            { category: "HARM_CATEGORY_HATE_SPEECH", probability: "NEGLIGIBLE" },
            { category: "HARM_CATEGORY_HARASSMENT", probability: "HIGH", blocked: true },
            { category: "HARM_CATEGORY_DANGEROUS_CONTENT", probability: "NEGLIGIBLE" },
          ],
        },
        usageMetadata: {
          promptTokenCount: prompt,
          totalTokenCount: prompt,
          promptTokensDetails: promptDetails,
        },
        ...envelope,
      });
      return { status: 200, text: null };
    case "max-tokens":
      // The thinking-token trap: the whole budget went to thoughts, the candidate has no parts.
      send(res, 200, {
        candidates: [{ content: { role: "model" }, finishReason: "MAX_TOKENS", index: 0 }],
        usageMetadata: {
          promptTokenCount: prompt,
          totalTokenCount: prompt + outcome.limit,
          promptTokensDetails: promptDetails,
          thoughtsTokenCount: outcome.limit,
        },
        ...envelope,
      });
      return { status: 200, text: null };
    case "text":
      send(res, 200, {
        candidates: [
          {
            content: { parts: [{ text: outcome.text }], role: "model" },
            finishReason: outcome.truncated ? "MAX_TOKENS" : "STOP",
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: prompt,
          candidatesTokenCount: outcome.outputTokens,
          totalTokenCount: prompt + outcome.outputTokens,
          promptTokensDetails: promptDetails,
        },
        ...envelope,
      });
      return { status: 200, text: outcome.text };
  }
}

function modelInfo(name: string) {
  const title = name
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  return {
    name: `models/${name}`,
    version: "001",
    displayName: title,
    description: `Sandbox stand-in for ${title}`,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    supportedGenerationMethods: ["generateContent", "countTokens"],
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
    thinking: true,
  };
}

/** `GET /v1beta/models` and `GET /v1beta/models/{model}` (to check a configured name at start-up). */
export function models(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  version: string,
  model?: string,
): void {
  const refused = keyError(checkKey(state, req, url));
  const known = state.models ? [...state.models] : DEFAULT_GEMINI_MODELS;
  if (refused) send(res, refused.status, googleError(refused.status, refused.message, refused.details));
  else if (model === undefined) send(res, 200, { models: known.map(modelInfo) });
  else if (state.models && !state.models.has(model)) {
    send(res, 404, googleError(404, notFound(model, version).message));
  } else send(res, 200, modelInfo(model));
}

export function geminiNotFound(res: ServerResponse): void {
  send(res, 404, googleError(404, "Requested entity was not found."));
}
