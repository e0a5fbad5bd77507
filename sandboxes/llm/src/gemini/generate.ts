/** `POST /{version}/models/{model}:generateContent`: the request checked and logged, the outcome as a response. */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answer,
  type ModelInput,
  type Outcome,
  promptTokens,
  type SandboxState,
  type Sent,
} from "../generate.ts";
import { readJsonBody } from "../http.ts";
import { newEntry } from "../log.ts";
import { checkKey, keyError } from "./auth.ts";
import { readRequest } from "./request.ts";
import { googleError, InvalidRequest, notFound, send } from "./wire.ts";

const SERVER_MESSAGES: Record<number, string> = {
  500: "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
  502: "The service is currently unavailable.",
  503: "The model is overloaded. Please try again later.",
  504: "Deadline expired before operation could complete.",
};

export async function generateContent(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  version: string,
  model: string,
): Promise<void> {
  const body = await readJsonBody(req);
  if (!body) {
    send(res, 413, googleError(413, "Request payload size exceeds the limit."));
    return;
  }
  const { text, parsed } = body;
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
