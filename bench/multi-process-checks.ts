/**
 * The agreement checks of bench/multi-process.ts across the two API processes: sessions (a
 * token minted by one works on the other; a logout on one is refused by the other at once), the
 * sign-in rate limit (one count for both), and the company's cached figures and settings (a write
 * on one is read back from the other at once). Each check answers pass or fail with what it saw;
 * none throws, so a failing one is reported with the others.
 */
import { request } from "node:http";
import { type Caller, type CompanyUser, httpCaller, logIn } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import type { Api } from "./multi-process-stack.ts";

export interface Check {
  pass: boolean;
  detail: unknown;
}

/** Runs a check; an error is its failure, with the message. */
async function check(run: () => Promise<Check>): Promise<Check> {
  try {
    return await run();
  } catch (error) {
    return { pass: false, detail: `error: ${(error as Error).message}` };
  }
}

/** A JSON POST from a given loopback address (127.0.0.x): the rate limit counts per client address. */
function postFrom(base: string, path: string, body: unknown, localAddress: string) {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export async function agreementChecks(apis: Api[], user: CompanyUser, realmId: string, rateLimit: number) {
  const [one, two] = apis.map((a) => httpCaller(a.base)) as [Caller, Caller];
  const companyId = user.companyId;

  // --- Sessions: signed in on API 1, used on API 2, signed out on API 2, refused on API 1. ---
  const sessions = await check(async () => {
    const tokens = await logIn(one, user.email, user.password);
    const onTwo = await two("GET", apiPaths.auth.userDetails, { token: tokens.IdToken });
    const out = await two("POST", apiPaths.auth.logout, {
      token: tokens.IdToken,
      body: { RefreshToken: tokens.RefreshToken },
    });
    const onOneAfter = await one("GET", apiPaths.auth.userDetails, { token: tokens.IdToken });
    const refreshOnOne = await one("POST", apiPaths.auth.refresh, {
      body: { RefreshToken: tokens.RefreshToken },
    });
    return {
      pass:
        onTwo.status === 200 &&
        out.status === 200 &&
        onOneAfter.status === 401 &&
        refreshOnOne.status === 401,
      detail: {
        tokenFromApi1OnApi2: onTwo.status,
        logoutOnApi2: out.status,
        tokenOnApi1AfterLogout: onOneAfter.status,
        refreshOnApi1AfterLogout: refreshOnOne.status,
      },
    };
  });

  // --- Rate limit: sign-ins alternating between the processes from one client address. ---
  const rateLimits = await check(async () => {
    const address = `127.0.0.${2 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 2 * rateLimit + 2; i++) {
      const api = apis[i % 2]!;
      statuses.push(
        await postFrom(
          api.base,
          apiPaths.auth.login,
          { email: user.email, password: user.password },
          address,
        ),
      );
    }
    const first429 = statuses.indexOf(429) + 1;
    return {
      pass: first429 === rateLimit + 1 && statuses.slice(rateLimit).every((s) => s === 429),
      detail: {
        limitPerMinute: rateLimit,
        expectedFirst429: rateLimit + 1,
        first429: first429 || null,
        statusesInOrder: statuses.join(" "),
        verdict:
          first429 === rateLimit + 1
            ? "one count for both processes"
            : first429 === 2 * rateLimit + 1
              ? "one count per process (in-memory store)"
              : "neither",
      },
    };
  });

  // --- Caches: the customers page (cached per data version) after a tag change on the other process. ---
  const { token } = await logInAgain(one, user);
  const customersPage = `${apiPaths.customers.outstanding}?companyId=${companyId}&page=1&limit=10`;
  const caches = await check(async () => {
    const seen: Record<string, unknown> = {};
    let pass = true;
    for (const [writer, reader, label] of [
      [one, two, "written on api1, read on api2"],
      [two, one, "written on api2, read on api1"],
    ] as const) {
      const before = await reader("GET", customersPage, { token });
      const row = before.json.data.customers[0];
      const tag = `mp-${Math.random().toString(36).slice(2, 8)}`;
      const put = await writer("POST", apiPaths.customers.editTags, {
        token,
        body: { realmId, customerRef: row.customerRef, tags: [tag] },
      });
      const after = await reader("GET", customersPage, { token });
      const tags = after.json.data.customers.find(
        (c: { customerRef: string }) => c.customerRef === row.customerRef,
      )?.tags as string[];
      const ok = put.status === 200 && tags?.includes(tag) === true;
      pass &&= ok;
      seen[label] = { write: put.status, tagWritten: tag, tagsRead: tags, ok };
    }
    return { pass, detail: seen };
  });

  // --- A customer note and a company setting: written on one, read back from the other at once. ---
  const notesAndSettings = await check(async () => {
    const note = `note ${Date.now()}`;
    const ref = (await two("GET", customersPage, { token })).json.data.customers[0].customerRef as string;
    const wrote = await one("POST", apiPaths.customers.editNote, {
      token,
      body: { realmId, customerRef: ref, note },
    });
    const read = await two("GET", `${apiPaths.customers.detail}?realmId=${realmId}&customerRef=${ref}`, {
      token,
    });
    const settingsPath = `${apiPaths.statements.settings}?companyId=${companyId}`;
    const was = (await one("GET", settingsPath, { token })).json.data.monthly as boolean;
    const saved = await two("POST", apiPaths.statements.settings, {
      token,
      body: { companyId, monthly: !was },
    });
    const now = (await one("GET", settingsPath, { token })).json.data.monthly as boolean;
    return {
      pass:
        wrote.status === 200 &&
        read.json?.data?.customer?.note === note &&
        saved.status === 200 &&
        now === !was,
      detail: {
        noteWrittenOnApi1: wrote.status,
        noteReadOnApi2: read.json?.data?.customer?.note === note ? "same" : read.json?.data?.customer?.note,
        monthlyStatementsSetOnApi2: !was,
        readOnApi1: now,
      },
    };
  });

  return { sessions, rateLimits, caches, notesAndSettings };
}

/** A fresh session (the checks above ended one). */
async function logInAgain(call: Caller, user: CompanyUser) {
  const tokens = await logIn(call, user.email, user.password);
  return { token: tokens.IdToken };
}
