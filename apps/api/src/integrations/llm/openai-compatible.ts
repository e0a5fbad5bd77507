/**
 * Any OpenAI-compatible `POST {baseUrl}/chat/completions` (OpenAI, Ollama, vLLM, llama.cpp),
 * keyed by `Authorization: Bearer`, asked for a JSON object (the prompt must then say "JSON").
 * No token limit is sent: servers disagree on its name (`max_tokens` / `max_completion_tokens`).
 */
import { z } from "zod";
import { type ChatPrompt, httpError, type LlmEndpoint, LlmError, postJson, readJson } from "./chat.ts";

const contentSchema = z.union([z.string(), z.array(z.object({ text: z.string().optional() })), z.null()]);
const responseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z
          .object({ content: contentSchema.optional(), refusal: z.string().nullable().optional() })
          .optional(),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .optional(),
});

/** One `chat/completions` call: the answer's text, or an LlmError. */
export async function chatCompletion(
  endpoint: LlmEndpoint,
  { system, user }: ChatPrompt,
  signal: AbortSignal,
): Promise<string> {
  const res = await postJson(
    `${endpoint.baseUrl}/chat/completions`,
    { authorization: `Bearer ${endpoint.apiKey}` },
    {
      model: endpoint.model,
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      temperature: 0.3,
      response_format: { type: "json_object" },
    },
    signal,
  );
  if (!res.ok) throw await httpError(res, signal);
  const parsed = responseSchema.safeParse(await readJson(res, signal));
  if (!parsed.success) throw new LlmError("empty", "answered in an unexpected shape");
  const choice = parsed.data.choices?.[0];
  const content = choice?.message?.content;
  const text = typeof content === "string" ? content : (content ?? []).map((p) => p.text ?? "").join("");
  if (choice?.message?.refusal) throw new LlmError("blocked", "refused to answer");
  if (choice?.finish_reason === "content_filter")
    throw new LlmError("blocked", "filtered the answer (content_filter)");
  if (choice?.finish_reason === "length") throw new LlmError("truncated", "stopped at its token limit");
  if (!text.trim()) throw new LlmError("empty", "answered with no text");
  return text;
}
