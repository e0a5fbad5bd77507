/**
 * The import rounds of bench/pglite-crash.ts: a new user connects the sandbox's large company
 * (its import starts at once), the round's kill comes once a random share of the import is
 * written, and after the restart the import must finish on its own.
 */
import {
  type Caller,
  connectQuickBooks,
  createCompany,
  type KitUser,
  logIn,
  type Mailbox,
  until,
} from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";

export interface Totals {
  customers: number;
  invoices: number;
  payments: number;
  creditMemos: number;
}

interface Progress {
  phase?: string;
  counts?: Record<string, number>;
  finishedAt?: string;
}

/** Records written so far by the running sync (the counts without the `.position` entries). */
const written = (p: Progress | null | undefined) =>
  Object.entries(p?.counts ?? {}).reduce((n, [k, v]) => (k.includes(".") ? n : n + v), 0);

/** The company's sync status, logging in again when the user's 15-minute token has run out. */
async function status(call: Caller, user: KitUser) {
  const path = `${apiPaths.quickbooks.status}?email=${encodeURIComponent(user.email)}`;
  let res = await call("GET", path, { token: user.token });
  if (res.status === 401) {
    user.tokens = await logIn(call, user.email, user.password);
    user.token = user.tokens.IdToken;
    res = await call("GET", path, { token: user.token });
  }
  if (res.status !== 200) throw new Error(`sync status: HTTP ${res.status} ${res.text}`);
  return res.json.connection as { progress: Progress | null; lastSyncAt: string | null; syncing: boolean };
}

/** What the QuickBooks sandbox itself holds for the realm. */
export async function sandboxTotals(baseUrl: string, realmId: string): Promise<Totals> {
  const s = (await (await fetch(`${baseUrl}/_control/realms/${realmId}/summary`)).json()) as {
    customers: { total: number };
    invoices: { total: number };
    payments: number;
    creditMemos: number;
  };
  return {
    customers: s.customers.total,
    invoices: s.invoices.total,
    payments: s.payments,
    creditMemos: s.creditMemos,
  };
}

/**
 * A new user connects the realm; resolves once a random 2 to 98 % of its records are written
 * (or the import finished first), which is when the round kills the server.
 */
export async function importToKillPoint(
  call: Caller,
  mailbox: Mailbox,
  quickbooks: { baseUrl: string; realmId: string; totals: Totals },
  label: string,
) {
  const user = await createCompany({ call, mailbox }, { label, companyName: `Import ${label}` });
  await connectQuickBooks(call, user, quickbooks.baseUrl, quickbooks.realmId);
  const t = quickbooks.totals;
  const target = Math.round(
    (0.02 + 0.96 * Math.random()) * (t.customers + t.invoices + t.payments + t.creditMemos),
  );
  const atKill = await until(
    async () => {
      const p = (await status(call, user)).progress;
      const n = written(p);
      return n >= target || p?.finishedAt
        ? { writtenAtKill: n, target, finishedBeforeKill: Boolean(p?.finishedAt) }
        : undefined;
    },
    30 * 60_000,
    { what: "the import to reach its kill point" },
  );
  return { user, ...atKill };
}

/**
 * After the restart: how long until the import moves again, and until it has finished, within
 * `boundSeconds`.
 */
export async function importAfterRestart(call: Caller, user: KitUser, boundSeconds: number) {
  const t0 = performance.now();
  const seconds = () => +((performance.now() - t0) / 1000).toFixed(1);
  const atRestart = (await status(call, user)).progress;
  let resumedAfter: number | undefined;
  try {
    await until(
      async () => {
        const c = await status(call, user);
        if (resumedAfter === undefined && written(c.progress) !== written(atRestart))
          resumedAfter = seconds();
        return Boolean(c.progress?.finishedAt && c.lastSyncAt && !c.syncing);
      },
      boundSeconds * 1000,
      { what: "the import to finish after the restart", intervalMs: 500 },
    );
    return {
      phaseAtRestart: atRestart?.phase ?? null,
      completed: true,
      resumedAfter,
      completedAfter: seconds(),
    };
  } catch (error) {
    return {
      phaseAtRestart: atRestart?.phase ?? null,
      completed: false,
      resumedAfter,
      error: (error as Error).message,
    };
  }
}
