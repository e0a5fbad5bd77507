/**
 * The fuzzer shared by the suite's bounded run (test/fuzz.test.ts) and the long one
 * (bench/fuzz.bench.ts): requests made from /openapi.json with a fixed seed, sent with a signed-in
 * user's token, each answer counted. A 5xx or a request without an answer is a finding.
 */
import { apiPaths } from "@recoup/contracts";
import { type Caller, type KitUser, logIn } from "../kit/index.ts";
import { HIDDEN_OPERATIONS, operationsOf } from "./operations.ts";
import type { Session } from "./run.ts";
import type { Known } from "./values.ts";

export { type FuzzOperation, HIDDEN_OPERATIONS, operationsOf } from "./operations.ts";
export { type FuzzRequest, fuzzRequests, requestFor, TOKEN } from "./requests.ts";
export {
  type FuzzReport,
  httpSend,
  type Outcome,
  runFuzz,
  type Send,
  type Session,
} from "./run.ts";
export type { Known } from "./values.ts";

/** The seed both runs start from; change it to explore, and pin a finding's requests in a test. */
export const FUZZ_SEED = 16_2026;

/**
 * What a run needs from a signed-in user of a company connected to the sample QuickBooks company:
 * every operation of /openapi.json (and the hidden raw-body routes), the company's own ids (so
 * requests get past the first checks), and a session that logs in again when a request ended it.
 */
export async function fuzzSetup(call: Caller, user: KitUser & { companyId: string }) {
  const doc = await call("GET", apiPaths.openapi);
  if (doc.status !== 200) throw new Error(`openapi.json: HTTP ${doc.status}`);
  const operations = [...operationsOf(doc.json), ...HIDDEN_OPERATIONS];
  const list = await call("GET", `${apiPaths.invoices.list}?companyId=${user.companyId}&limit=20`, {
    token: user.token,
  });
  const invoices = (list.json?.data?.invoices ?? []) as { id: string; customerRef: string }[];
  const known: Known = {
    companyId: [user.companyId],
    company_id: [user.companyId],
    email: [user.email],
    invoiceId: invoices.map((i) => i.id),
    customerRef: invoices.map((i) => i.customerRef),
    password: [user.password],
  };
  const session: Session = {
    token: user.token,
    async renew() {
      const probe = await call("GET", apiPaths.auth.userDetails, { token: session.token });
      if (probe.status !== 401) return session.token;
      return (await logIn(call, user.email, user.password)).IdToken;
    },
  };
  return { operations, known, session };
}
