/** `GET /v1/models[/{model}]`, and the answer to an unknown path. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxState } from "../generate.ts";
import { checkKey } from "./auth.ts";
import { InvalidRequest, modelNotFound, send } from "./wire.ts";

export const DEFAULT_OPENAI_MODELS = ["gpt-4o-mini", "gpt-4.1-mini", "gpt-5-mini", "llama3.2"];

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
