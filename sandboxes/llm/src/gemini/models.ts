/** `GET /v1beta/models[/{model}]` (to check a configured name at start-up), and unknown paths. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxState } from "../generate.ts";
import { checkKey, keyError } from "./auth.ts";
import { googleError, notFound, send } from "./wire.ts";

export const DEFAULT_GEMINI_MODELS = [
  "gemini-2.5-flash",
  "gemini-2.5-flash-lite",
  "gemini-flash-latest",
  "gemini-3-flash-preview",
];

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
