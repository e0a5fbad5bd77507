import { afterAll, expect, it } from "vitest";
import { FUZZ_SEED, fuzzRequests, fuzzSetup, httpSend, runFuzz } from "./fuzz/index.ts";
import { appForFile, connectedCompany, type QuickBooksSandbox, startQuickBooks } from "./kit/index.ts";

/**
 * Fuzzing in the suite (issue 16, item 6): every operation of /openapi.json, with random and
 * malformed path and query parameters, bodies and content types (multipart forms too), sent with
 * the token of a user whose company is connected to the sample QuickBooks company. No request may
 * answer 500 or more, and none may go unanswered. FUZZ_REQUESTS and FUZZ_SEED change the run; the
 * long one is `npm run bench:fuzz`.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? FUZZ_SEED);
const TIMEOUT_MS = 10_000;

let qb: QuickBooksSandbox;
const t = appForFile(async () => {
  const started = await startQuickBooks();
  qb = started.qb;
  return started.env;
});
afterAll(() => qb?.close());

it(`${REQUESTS} fuzzed requests over every operation: no 5xx, none unanswered`, async () => {
  const user = await connectedCompany(t, qb.baseUrl);
  const { operations, known, session } = await fuzzSetup(t.call, user);
  expect(operations.length).toBeGreaterThan(50);
  const requests = fuzzRequests(operations, known, { seed: SEED, count: REQUESTS });
  // Every operation is tried at least once in a run of this size.
  expect(new Set(requests.map((r) => r.operation)).size).toBe(operations.length);

  // Over HTTP with kept-alive connections, two at a time: a request that leaves its connection
  // unusable shows up as the next one's missing answer, which inject() cannot see.
  const send = httpSend(await t.listen());
  const report = await runFuzz(requests, { send, session, timeoutMs: TIMEOUT_MS, concurrency: 2 });
  expect(report.hung, "requests with no answer within 10 s").toEqual([]);
  expect(report.serverErrors, "requests answered 500 or more").toEqual([]);
  expect(report.requests).toBe(REQUESTS);
}, 300_000);
