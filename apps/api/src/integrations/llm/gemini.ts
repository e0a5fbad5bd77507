/**
 * Google Gemini `POST /v1beta/models/{model}:generateContent` (Gemini Developer API), keyed by
 * `x-goog-api-key`, asked for a JSON answer. A blocked prompt has no candidates; a candidate cut
 * by the token limit or a safety filter may have no parts (research: ../shared/research/llm.md).
 */
import { z } from "zod";
import { type ChatPrompt, httpError, type LlmEndpoint, LlmError, postJson, readJson } from "./chat.ts";

const responseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({
            parts: z
              .array(z.object({ text: z.string().optional(), thought: z.boolean().optional() }))
              .optional(),
          })
          .optional(),
        finishReason: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
});

/** The answer's shape, in the API's OpenAPI subset: the model writes these two strings. */
const DRAFT_SCHEMA = {
  type: "OBJECT",
  properties: { subject: { type: "STRING" }, body: { type: "STRING" } },
  required: ["subject", "body"],
  propertyOrdering: ["subject", "body"],
};

const BLOCKED = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "LANGUAGE",
  "OTHER",
]);

/** One `generateContent` call: the answer's text, or an LlmError. */
export async function generateContent(
  endpoint: LlmEndpoint,
  { system, user }: ChatPrompt,
  signal: AbortSignal,
): Promise<string> {
  const res = await postJson(
    `${endpoint.baseUrl}/v1beta/models/${encodeURIComponent(endpoint.model)}:generateContent`,
    { "x-goog-api-key": endpoint.apiKey },
    {
      systemInstruction: { parts: [{ text: system }] },
      contents: [{ role: "user", parts: [{ text: user }] }],
      generationConfig: {
        temperature: 0.3,
        // Thinking models spend part of this on thoughts: leave room for them and the draft.
        maxOutputTokens: 4096,
        responseMimeType: "application/json",
        responseSchema: DRAFT_SCHEMA,
      },
    },
    signal,
  );
  if (!res.ok) throw await httpError(res, signal);
  const parsed = responseSchema.safeParse(await readJson(res, signal));
  if (!parsed.success) throw new LlmError("empty", "answered in an unexpected shape");
  const { candidates, promptFeedback } = parsed.data;
  if (promptFeedback?.blockReason) {
    throw new LlmError("blocked", `blocked the request (${promptFeedback.blockReason})`);
  }
  const candidate = candidates?.[0];
  const text = (candidate?.content?.parts ?? [])
    .filter((p) => p.thought !== true)
    .map((p) => p.text ?? "")
    .join("");
  const finish = candidate?.finishReason ?? "STOP";
  if (finish === "MAX_TOKENS") throw new LlmError("truncated", "stopped at its token limit");
  if (BLOCKED.has(finish)) throw new LlmError("blocked", `stopped the answer (${finish})`);
  if (!text.trim()) throw new LlmError("empty", "answered with no text");
  return text;
}
