import type { DraftModelConfig } from "../../config.ts";
import { type ChatClient, withRetry } from "./chat.ts";
import { generateContent } from "./gemini.ts";
import { chatCompletion } from "./openai-compatible.ts";

/** The client of the configured model: its provider's call, retried once when worth it. */
export function chatClient(config: DraftModelConfig): ChatClient {
  const call = config.provider === "gemini" ? generateContent : chatCompletion;
  return {
    provider: config.provider,
    model: config.model,
    complete: (prompt, signal) => withRetry(() => call(config, prompt, signal), signal),
  };
}
