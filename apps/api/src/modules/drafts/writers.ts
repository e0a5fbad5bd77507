/**
 * The one interface every draft writer has: the built-in composer, or a chat model (Gemini, or an
 * OpenAI-compatible endpoint) prompted with the same facts.
 */
import type { DraftProvider } from "@recoup/contracts";
import type { DraftModelConfig } from "../../config.ts";
import { type ChatClient, LlmError } from "../../integrations/llm/chat.ts";
import { chatClient } from "../../integrations/llm/client.ts";
import { composeDraft, type WrittenDraft } from "./composer.ts";
import type { DraftInput } from "./facts.ts";
import { draftPrompt, readAnswer } from "./prompt.ts";

export interface DraftWriter {
  readonly name: DraftProvider;
  /** The model's name; null for the composer. */
  readonly model: string | null;
  /** Throws LlmError when the model fails or answers with something other than a draft. */
  write(input: DraftInput, signal: AbortSignal): Promise<WrittenDraft>;
}

export const composerWriter: DraftWriter = {
  name: "composer",
  model: null,
  write: async (input) => composeDraft(input),
};

export function modelWriter(client: ChatClient): DraftWriter {
  return {
    name: client.provider,
    model: client.model,
    async write(input, signal) {
      const draft = readAnswer(await client.complete(draftPrompt(input), signal));
      if (!draft) throw new LlmError("empty", "did not answer with the JSON draft asked for");
      return draft;
    },
  };
}

/** The configured model's writer, or the composer when none is configured. */
export const draftWriter = (model: DraftModelConfig | undefined): DraftWriter =>
  model ? modelWriter(chatClient(model)) : composerWriter;
