import { apiPaths, errorCodes } from "@recoup/contracts";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../lib/errors.ts";
import { type Lane, RequestGate } from "../lib/request-gate.ts";

/** The ways in: served before other API requests, so a crowd of page loads cannot lock people out. */
const signInPaths = new Set<string>([
  apiPaths.auth.login,
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
    if (!admission.admitted) {
      reply.header("retry-after", String(Math.max(1, Math.ceil(admission.retryAfterMs / 1000))));
      if (performance.now() - warnedAt > 10_000) {
        warnedAt = performance.now();
        request.log.warn({ gate: gate.stats }, "overloaded: shedding requests (503 with Retry-After)");
      }
      throw new AppError(503, errorCodes.unavailable, "The server is busy. Please try again in a moment.");
    }
    // The response is sent, or the client went away: either way the slot is free.
    reply.raw.once("close", admission.release);
  });
}
