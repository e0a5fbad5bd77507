/**
 * What the stand-in model answers for one request, whatever the wire format: a text, a refusal,
 * a truncation or an error, decided by the mode. The providers' modules put it in their envelopes.
 */
import type { ServerResponse } from "node:http";
import { composeDraft, type Draft, renderText } from "./draft.ts";
import type { RecordedRequest, RequestLog } from "./log.ts";
import type { ModeSettings, Modes } from "./modes.ts";
import { readPrompt } from "./prompt.ts";

/** Everything the route handlers share. */
export interface SandboxState {
  apiKey: string;
  modes: Modes;
  log: RequestLog;
  /** When set, only these model names are known; others answer 404. */
  models: ReadonlySet<string> | undefined;
  /** Cancels the pending delays (slow mode) when the sandbox closes. */
  pending: Set<() => void>;
}

export interface ModelInput {
  systemText: string;
  userText: string;
  /** Text of earlier model/assistant turns, counted in the prompt tokens only. */
  otherText: string;
  maxTokens: number | undefined;
}

export type Outcome =
  | { kind: "text"; text: string; draft: Draft; truncated: boolean; outputTokens: number }
  /** "max-tokens": the budget went to thinking (Gemini: no parts) or the text was cut (OpenAI). */
  | { kind: "max-tokens"; partialText: string; draft: Draft; limit: number }
  | { kind: "blocked" }
  | { kind: "error"; status: number }
  | { kind: "rate-limit"; retryAfterSeconds: number };

export const tokens = (text: string): number => Math.ceil(text.length / 4);

export function promptTokens(input: ModelInput): number {
  return Math.max(1, tokens(input.systemText) + tokens(input.userText) + tokens(input.otherText));
}

const DEFAULT_THINKING_BUDGET = 8192;

export function generate(settings: ModeSettings, input: ModelInput, notes: string[]): Outcome {
  const { mode } = settings;
  if (mode === "error") {
    const status = settings.status ?? 500;
    notes.push(`error ${status}`);
    return { kind: "error", status };
  }
  if (mode === "rate-limit") {
    const retryAfterSeconds = settings.retryAfterSeconds ?? 1;
    notes.push(`rate limited, retry after ${retryAfterSeconds} s`);
    return { kind: "rate-limit", retryAfterSeconds };
  }
  if (mode === "blocked") {
    notes.push("prompt blocked (safety)");
    return { kind: "blocked" };
  }
  const composed = composeDraft(readPrompt(input.userText), mode);
  notes.push(...composed.notes);
  const text = renderText(composed.draft, mode);
  if (mode === "max-tokens") {
    const limit = input.maxTokens ?? DEFAULT_THINKING_BUDGET;
    notes.push(`ran out of output tokens (${limit})`);
    return {
      kind: "max-tokens",
      partialText: text.slice(0, Math.max(1, Math.min(text.length - 1, Math.floor(text.length / 3)))),
      draft: composed.draft,
      limit,
    };
  }
  const needed = tokens(text);
  if (input.maxTokens !== undefined && needed > input.maxTokens) {
    notes.push(`cut at max output tokens (${input.maxTokens} < ${needed})`);
    return {
      kind: "text",
      text: text.slice(0, input.maxTokens * 4),
      draft: composed.draft,
      truncated: true,
      outputTokens: input.maxTokens,
    };
  }
  return { kind: "text", text, draft: composed.draft, truncated: false, outputTokens: needed };
}

/** Waits `ms` unless the client goes away or the sandbox closes; true if the wait ran its course. */
export function wait(state: SandboxState, res: ServerResponse, ms: number): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!res.destroyed);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      res.off("close", gone);
      state.pending.delete(cancel);
      resolve(ok);
    };
    const cancel = () => done(false);
    const gone = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    res.on("close", gone);
    state.pending.add(cancel);
  });
}

/**
 * Answers a checked request: takes the mode, waits its delay, and sends the outcome; records it
 * all in the log entry (the texts and what the prompt says first).
 */
export async function answer(
  state: SandboxState,
  res: ServerResponse,
  entry: RecordedRequest,
  input: ModelInput,
  send: (outcome: Outcome, settings: ModeSettings) => Sent,
): Promise<void> {
  entry.systemText = input.systemText;
  entry.userText = input.userText;
  const prompt = readPrompt(input.userText);
  entry.facts = prompt.facts;
  entry.customerReply = prompt.customerReply;
  const settings = state.modes.take();
  entry.mode = settings;
  const delay = state.modes.delayOf(settings);
  if (delay > 0) entry.notes.push(`answered after ${delay} ms`);
  const outcome = generate(settings, input, entry.notes);
  if (outcome.kind === "text" || outcome.kind === "max-tokens") entry.draft = outcome.draft;
  if (!(await wait(state, res, delay))) {
    entry.aborted = true;
    if (!res.destroyed) res.destroy();
    return;
  }
  const sent = send(outcome, settings);
  entry.status = sent.status;
  entry.text = sent.text;
}

/** What a provider answered: the HTTP status and the model's text in it (null if none). */
export interface Sent {
  status: number;
  text: string | null;
}
