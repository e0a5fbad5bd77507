/** Checks a chat completion request as the API would and reads its texts and token limit. */
import type { ModelInput } from "../generate.ts";
import { isRecord } from "../http.ts";
import { InvalidRequest } from "./wire.ts";

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

export function readRequest(body: unknown): { input: ModelInput; model: string } {
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
