/** `POST /v1/chat/completions`: the request checked and logged, the mode's outcome as a chat completion. */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answer, type Outcome, promptTokens, type SandboxState, type Sent } from "../generate.ts";
import { isRecord, readJsonBody } from "../http.ts";
import { newEntry } from "../log.ts";
import { checkKey } from "./auth.ts";
import { readRequest } from "./request.ts";
import { InvalidRequest, modelNotFound, send } from "./wire.ts";

export async function chatCompletions(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const body = await readJsonBody(req);
  if (!body) {
    send(res, 413, new InvalidRequest(413, "Request too large.").body());
    return;
  }
  const { text, parsed } = body;
  const [apiKey, refused] = checkKey(state, req);
  const claimedModel =
    parsed.ok && isRecord(parsed.value) && typeof parsed.value.model === "string" ? parsed.value.model : null;
  const entry = state.log.add(
    newEntry("openai", req, url, parsed.ok ? parsed.value : text, claimedModel, apiKey),
  );
  let request: ReturnType<typeof readRequest>;
  try {
    if (refused) throw refused;
    if (!parsed.ok) {
      throw new InvalidRequest(
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      );
    }
    request = readRequest(parsed.value);
    if (state.models && !state.models.has(request.model)) throw modelNotFound(request.model);
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    entry.status = error.status;
    entry.notes.push(error.message);
    send(res, error.status, error.body(), error.headers);
    return;
  }
  const { input, model } = request;
  await answer(state, res, entry, input, (outcome) => reply(res, model, promptTokens(input), outcome));
}

const SERVER_ERRORS: Record<number, string> = {
  500: "The server had an error while processing your request. Sorry about that!",
  502: "Bad gateway.",
  503: "The server is overloaded or not ready yet.",
  504: "Gateway timeout.",
};

function reply(res: ServerResponse, model: string, prompt: number, outcome: Outcome): Sent {
  if (outcome.kind === "error") {
    const error = new InvalidRequest(
      outcome.status,
      SERVER_ERRORS[outcome.status] ?? "Server error.",
      "server_error",
    );
    send(res, outcome.status, error.body());
    return { status: outcome.status, text: null };
  }
  if (outcome.kind === "rate-limit") {
    const seconds = outcome.retryAfterSeconds;
    const error = new InvalidRequest(
      429,
      `Rate limit reached for ${model} in organization org-sandbox on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${seconds}s.`,
      "requests",
      null,
      "rate_limit_exceeded",
    );
    send(res, 429, error.body(), {
      "retry-after": String(seconds),
      "x-ratelimit-limit-requests": "3",
      "x-ratelimit-remaining-requests": "0",
      "x-ratelimit-reset-requests": `${seconds}s`,
    });
    return { status: 429, text: null };
  }
  let content: string | null;
  let finish: string;
  let completion: number;
  if (outcome.kind === "blocked") {
    content = null;
    finish = "content_filter";
    completion = 0;
  } else if (outcome.kind === "max-tokens") {
    content = outcome.partialText;
    finish = "length";
    completion = outcome.limit;
  } else {
    content = outcome.text;
    finish = outcome.truncated ? "length" : "stop";
    completion = outcome.outputTokens;
  }
  send(res, 200, {
    id: `chatcmpl-${randomBytes(15).toString("base64url")}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finish,
      },
    ],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: "fp_sandbox",
  });
  return { status: 200, text: content };
}
