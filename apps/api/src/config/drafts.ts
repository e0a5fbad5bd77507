import type { Config, DraftModelConfig } from "./config-types.ts";
import { type Env, invalidEnv } from "./env.ts";

/**
 * The draft writer: DRAFT_PROVIDER when set, else Gemini when its key is set, else an
 * OpenAI-compatible endpoint when its key is set, else the composer alone.
 */
export function draftsConfig(e: Env): Config["drafts"] {
  const provider =
    e.DRAFT_PROVIDER ?? (e.GEMINI_API_KEY ? "gemini" : e.OPENAI_API_KEY ? "openai" : "composer");
  const trim = (url: string) => url.replace(/\/+$/, "");
  let model: DraftModelConfig | undefined;
  if (provider === "gemini") {
    if (!e.GEMINI_API_KEY) {
      throw invalidEnv("GEMINI_API_KEY: must be set when DRAFT_PROVIDER is gemini");
    }
    model = {
      provider,
      apiKey: e.GEMINI_API_KEY,
      baseUrl: trim(e.GEMINI_API_URL),
      model: e.GEMINI_MODEL.replace(/^models\//, ""),
    };
  } else if (provider === "openai") {
    if (!e.OPENAI_API_KEY) {
      throw invalidEnv("OPENAI_API_KEY: must be set when DRAFT_PROVIDER is openai");
    }
    model = { provider, apiKey: e.OPENAI_API_KEY, baseUrl: trim(e.OPENAI_BASE_URL), model: e.OPENAI_MODEL };
  }
  return { model, timeoutMs: e.DRAFT_TIMEOUT_MS };
}
