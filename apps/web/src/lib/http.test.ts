import { apiPaths, errorCodes, renewalHeaders } from "@recoup/contracts";
import { describe, expect, it, vi } from "vitest";

import { ApiError, createHttpClient, NETWORK_ERROR, type TokenStore } from "./http";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const tokens = (n: number) => ({
  data: { AccessToken: `access-${n}`, RefreshToken: `refresh-${n}`, IdToken: `id-${n}` },
});
const errorBody = (code: string, message = code) => ({ error: { code, message } });

function setup(handler: Handler, initialToken = "id-0") {
  let idToken: string | undefined = initialToken;
  const store: TokenStore & { accessToken?: string } = {
    getIdToken: () => idToken,
    setTokens: vi.fn((t: { accessToken?: string; idToken?: string }) => {
      if (t.idToken) idToken = t.idToken;
      if (t.accessToken) store.accessToken = t.accessToken;
    }),
    onSessionExpired: vi.fn(() => {
      idToken = undefined;
    }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  const client = createHttpClient({ fetch: fetchMock as unknown as typeof fetch, store });
  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);
  const authOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("Authorization");
  return { client, store, fetchMock, calls, authOf };
}

describe("http client", () => {
  it("sends JSON with the bearer id token and parses the answer", async () => {
    const { client, fetchMock, authOf } = setup(() => json(200, { ok: true }));
    await expect(client.post("/v1/things", { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/v1/things");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect(authOf(init)).toBe("Bearer id-0");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.credentials).toBe("same-origin");
  });

  it("leaves the multipart content type of a FormData to the browser", async () => {
    const { client, fetchMock } = setup(() => json(200, {}));
    const form = new FormData();
    form.set("userName", "Ada");
    await client.post("/v1/upload", form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has("Content-Type")).toBe(false);
  });

  it("stores renewed tokens from the x-new-* headers of any answer, errors included", async () => {
    const { client, store } = setup(() =>
      json(404, errorBody(errorCodes.notFound, "Not here"), {
        [renewalHeaders.accessToken]: "access-9",
        [renewalHeaders.idToken]: "id-9",
      }),
    );
    await expect(client.get("/v1/missing")).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "Not here",
    });
    expect(store.setTokens).toHaveBeenCalledWith({ accessToken: "access-9", idToken: "id-9" });
    expect(store.getIdToken()).toBe("id-9");
  });

  it("renews on a 401 once and retries with the new token", async () => {
    const { client, calls, authOf, store } = setup((url, init) => {
      if (url === apiPaths.auth.refresh) return json(200, tokens(1));
      return authOf(init) === "Bearer id-1"
        ? json(200, { data: 1 })
        : json(401, errorBody(errorCodes.unauthorized));
    });
    await expect(client.get("/v1/data")).resolves.toEqual({ data: 1 });
    expect(calls(apiPaths.auth.refresh)).toHaveLength(1);
    expect(calls(apiPaths.auth.refresh)[0]![1]).toMatchObject({ method: "POST", credentials: "same-origin" });
    expect(store.accessToken).toBe("access-1");
  });

  it("runs a single refresh for concurrent 401s", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, calls, authOf } = setup(async (url, init) => {
      if (url === apiPaths.auth.refresh) {
        await gate;
        return json(200, tokens(2));
      }
      return authOf(init) === "Bearer id-2"
        ? json(200, { url })
        : json(401, errorBody(errorCodes.unauthorized));
    });
    const all = Promise.all([client.get("/v1/a"), client.get("/v1/b"), client.get("/v1/c")]);
    await new Promise((r) => setTimeout(r, 0));
    release();
    await expect(all).resolves.toEqual([{ url: "/v1/a" }, { url: "/v1/b" }, { url: "/v1/c" }]);
    expect(calls(apiPaths.auth.refresh)).toHaveLength(1);
  });

  it("tries the refresh once more after a REFRESH_RACE", async () => {
    let refreshes = 0;
    const { client, calls, authOf } = setup((url, init) => {
      if (url === apiPaths.auth.refresh) {
        refreshes += 1;
        return refreshes === 1 ? json(401, errorBody(errorCodes.refreshRace)) : json(200, tokens(3));
      }
      return authOf(init) === "Bearer id-3" ? json(200, "ok") : json(401, errorBody(errorCodes.unauthorized));
    });
    await expect(client.get("/v1/x")).resolves.toBe("ok");
    expect(calls(apiPaths.auth.refresh)).toHaveLength(2);
  });

  it("logs out when the refresh fails", async () => {
    const { client, store, calls } = setup((url) =>
      url === apiPaths.auth.refresh
        ? json(401, errorBody(errorCodes.invalidRefreshToken))
        : json(401, errorBody(errorCodes.unauthorized, "Sign in again")),
    );
    const error = await client.get("/v1/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: "Sign in again" });
    expect(store.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(calls(apiPaths.auth.refresh)).toHaveLength(1);
  });

  it("never refreshes for unauthenticated calls such as login", async () => {
    const { client, calls, fetchMock, authOf } = setup(() =>
      json(401, errorBody(errorCodes.invalidCredentials)),
    );
    await expect(client.post(apiPaths.auth.login, {}, { auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls(apiPaths.auth.refresh)).toHaveLength(0);
    expect(authOf(fetchMock.mock.calls[0]![1])).toBeNull();
  });

  it("reports an unreachable server as a network error without logging out", async () => {
    const { client, store } = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(client.get("/v1/x")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
    expect(store.onSessionExpired).not.toHaveBeenCalled();
  });

  it("validates answers with the given schema", async () => {
    const { client } = setup(() => json(200, { nope: true }));
    const schema = { parse: (d: unknown) => (d as { data: number }).data.toFixed() };
    await expect(client.get("/v1/x", { schema })).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
  });
});
