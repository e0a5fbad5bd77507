import { apiPaths, errorCodes } from "@recoup/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../lib/errors.ts";
import { type Lane, RequestGate } from "../lib/request-gate.ts";

/** The ways in: served before other API requests, so a crowd of page loads cannot lock people out. */
const signInPaths = new Set<string>([
  apiPaths.auth.login,
  apiPaths.auth.loginCode,
  apiPaths.auth.signup,
  apiPaths.auth.verifyEmail,
  apiPaths.auth.refresh,
  apiPaths.auth.resetPassword,
  apiPaths.auth.oauthCallback("google"),
  apiPaths.auth.oauthCallback("intuit"),
]);

/**
 * Load shedding for the API's database-bound routes (everything under /v1/): at most
 * `concurrency` requests run at once, the rest wait in a FIFO queue, and a request that would wait
 * longer than `maxWaitMs` is answered 503 with Retry-After at once instead of joining a queue
 * that only grows (docs/decisions/0012-load-shedding.md). Health checks, the API docs and the web
 * app's files are never gated.
 */
export function registerLoadShedding(app: FastifyInstance, opts: Config["loadShedding"]) {
  if (opts.concurrency === 0) return;
  const gate = new RequestGate(opts);
  const turns = new WeakMap<FastifyRequest, { release(): void; answered: boolean; abandoned: boolean }>();
  let warnedAt = Number.NEGATIVE_INFINITY;
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/v1/")) return;
    const lane: Lane = signInPaths.has(request.url.split("?")[0]!) ? "priority" : "normal";
    // A client that gives up while queued leaves the queue.
    const gaveUp = new AbortController();
    const onClose = () => gaveUp.abort();
    reply.raw.once("close", onClose);
    const admission = await gate.enter(lane, gaveUp.signal);
    reply.raw.off("close", onClose);
    // Gone just as its turn came: nobody is waiting for the answer.
    if (admission.admitted && gaveUp.signal.aborted) admission.release();
    if (!admission.admitted || gaveUp.signal.aborted) {
      const retryAfterMs = admission.admitted ? 0 : admission.retryAfterMs;
      reply.header("retry-after", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      if (performance.now() - warnedAt > 10_000) {
        warnedAt = performance.now();
        request.log.warn({ gate: gate.stats }, "overloaded: shedding requests (503 with Retry-After)");
      }
      throw new AppError(503, errorCodes.unavailable, "The server is busy. Please try again in a moment.");
    }
    // The turn ends when the answer has gone out. A client that leaves first does not stop the
    // handler, whose database work still counts: then the turn ends when the handler answers.
    const turn = { release: admission.release, answered: false, abandoned: false };
    turns.set(request, turn);
    reply.raw.once("close", () => {
      if (turn.answered || reply.raw.writableFinished) turn.release();
      else turn.abandoned = true;
    });
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    const turn = turns.get(request);
    if (turn) {
      turn.answered = true;
      if (turn.abandoned) turn.release();
    }
    return payload;
  });
}
