import { connect } from "node:net";
import { apiPaths, errorCodes } from "@recoup/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appForFile,
  type Caller,
  type CompanyUser,
  createCompany,
  httpCaller,
  sleep,
  until,
} from "./kit/index.ts";

/**
 * One request at a time (LOAD_SHED_CONCURRENCY=1) and at most 3 s of waiting: a sign-in whose body
 * has not arrived yet holds the only turn, so the tests decide exactly when the queue moves.
 */
const t = appForFile({ LOAD_SHED_CONCURRENCY: "1", LOAD_SHED_MAX_WAIT_MS: "3000" });
let base: string;
let call: Caller;
let user: CompanyUser;
let list: string;
beforeAll(async () => {
  base = await t.listen();
  call = httpCaller(base);
  user = await createCompany({ call, mailbox: t.mailbox });
  list = `${apiPaths.customers.outstanding}?companyId=${user.companyId}&page=1&limit=10`;
});

/** Opens a sign-in and sends its headers only: it holds a turn until `finish()` sends the body. */
async function holdTurn() {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const body = JSON.stringify({ email: user.email, password: user.password });
  socket.write(
    `POST ${apiPaths.auth.login} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  // Node answers 100 Continue as it hands the request to the app, whose first hook takes the turn.
  await until(() => received.includes("100 Continue"), 5_000, { what: "100 Continue", intervalMs: 10 });
  return {
    leave: () => socket.destroy(),
    async finish() {
      socket.write(body); // not end(): a half-closed request is an aborted one to Node's server
      await new Promise((resolve) => socket.once("close", resolve));
      return Number(/HTTP\/1\.1 (\d{3}) (?!Continue)/.exec(received)?.[1]);
    },
  };
}

/** Long enough for a request sent to reach the server's queue. */
const pause = () => sleep(150);

describe("load shedding", () => {
  it("answers normally while the wait stays within the bound, in arrival order", async () => {
    const turn = await holdTurn();
    const order: string[] = [];
    const get = (name: string) =>
      call("GET", list, { token: user.token }).then((res) => {
        order.push(name);
        return res;
      });
    const first = get("first");
    await pause();
    const second = get("second");
    await pause();
    expect(await turn.finish()).toBe(200);
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers[0]!.json.data).toBeDefined();
    expect(order).toEqual(["first", "second"]);
  });

  it("answers 503 with Retry-After, in the error shape, once the wait would pass the bound", async () => {
    const turn = await holdTurn();
    // Health and the API's documents are not gated.
    expect((await call("GET", apiPaths.health.live)).status).toBe(200);
    expect((await call("GET", apiPaths.openapi)).status).toBe(200);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call("GET", list, { token: user.token })),
    );
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(res.json).toEqual({
        error: { code: errorCodes.unavailable, message: "The server is busy. Please try again in a moment." },
      });
    }
    // None waited much past the bound (3 s), though the turn was never given back.
    expect(performance.now() - started).toBeLessThan(8000);
    expect(await turn.finish()).toBe(200);
    // Below the bound again: answered normally.
    expect((await call("GET", list, { token: user.token })).status).toBe(200);
  });

  it("gives the turn back when a client leaves while it holds one", async () => {
    const turn = await holdTurn();
    turn.leave();
    await pause();
    expect((await call("GET", list, { token: user.token })).status).toBe(200);
  });

  it("lets a sign-in go ahead of the requests already queued", async () => {
    const turn = await holdTurn();
    const order: string[] = [];
    const pages: Promise<unknown>[] = [];
    for (let i = 0; i < 2; i++) {
      pages.push(call("GET", list, { token: user.token }).then((res) => order.push(`list ${res.status}`)));
      await pause();
    }
    await pause();
    const login = call("POST", apiPaths.auth.login, {
      body: { email: user.email, password: user.password },
    }).then((res) => order.push(`login ${res.status}`));
    await pause();
    await turn.finish();
    await Promise.all([...pages, login]);
    expect(order).toEqual(["login 200", "list 200", "list 200"]);
  });
});
