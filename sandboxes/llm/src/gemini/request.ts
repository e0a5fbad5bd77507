/** Checks a generateContent request as the API would and reads its texts and token limit. */
import type { ModelInput } from "../generate.ts";
import { isRecord } from "../http.ts";
import { InvalidRequest } from "./wire.ts";

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
export function readRequest(body: unknown): ModelInput {
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
