import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type QuickBooksSandbox,
  SAMPLE_COMPANIES,
  startQuickBooksSandbox,
  TEST_USERS,
} from "../src/index.ts";
import { ACCOUNTING_SCOPE, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, SIGN_IN_SCOPE } from "./flow.ts";

let sandbox: QuickBooksSandbox;

beforeAll(async () => {
  sandbox = await startQuickBooksSandbox({
    port: 0,
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        client_name: "Recoup",
      },
    ],
  });
});
afterAll(async () => {
  await sandbox?.close();
});

function authorizeUrl(params: Record<string, string | undefined>): string {
  const defaults = {
    client_id: CLIENT_ID,
    response_type: "code",
    scope: SIGN_IN_SCOPE,
    redirect_uri: REDIRECT_URI,
    state: "st",
  };
  const merged = Object.entries({ ...defaults, ...params }).filter(
    (e): e is [string, string] => e[1] !== undefined,
  );
  return `${sandbox.baseUrl}/connect/oauth2?${new URLSearchParams(merged)}`;
}

async function open(params: Record<string, string | undefined>) {
  const res = await fetch(authorizeUrl(params), { redirect: "manual" });
  const location = res.headers.get("location");
  return { res, location: location ? new URL(location) : undefined, html: location ? "" : await res.text() };
}

describe("authorize request validation", () => {
  it("shows an error page, without redirecting, for an unknown client or redirect_uri", async () => {
    const unknownClient = await open({ client_id: "nope" });
    expect(unknownClient.res.status).toBe(400);
    expect(unknownClient.location).toBeUndefined();
    expect(unknownClient.html).toContain("client_id");

    const otherRedirect = await open({ redirect_uri: `${REDIRECT_URI}/` });
    expect(otherRedirect.res.status).toBe(400);
    expect(otherRedirect.location).toBeUndefined();
    expect(otherRedirect.html).toContain("redirect_uri");
  });

  it("sends other problems back to the app as error parameters", async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "openid com.example.unknown" }, "invalid_scope"],
      [{ scope: undefined }, "invalid_scope"],
      [{ state: undefined }, "invalid_request"],
      [{ code_challenge: "x".repeat(43), code_challenge_method: "S512" }, "invalid_request"],
    ];
    for (const [params, error] of cases) {
      const { res, location } = await open(params);
      expect(res.status, JSON.stringify(params)).toBe(302);
      expect(location!.origin + location!.pathname).toBe(REDIRECT_URI);
      expect(location!.searchParams.get("error")).toBe(error);
      if (!("state" in params)) expect(location!.searchParams.get("state")).toBe("st");
    }
  });

  it("refuses an answer to an unknown or already answered request", async () => {
    const { html } = await open({});
    const requestId = /name="request" value="([^"]+)"/.exec(html)![1]!;
    const post = (id: string) =>
      fetch(`${sandbox.baseUrl}/connect/oauth2`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ request: id, action: "allow", user: TEST_USERS[0]!.sub }),
        redirect: "manual",
      });
    expect((await post(requestId)).status).toBe(302);
    const replay = await post(requestId);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("This request has expired");
    expect((await post("unknown")).status).toBe(400);
  });
});

describe("consent page", () => {
  it("is a server-rendered, labelled form with a strict CSP and no script", async () => {
    const { res, html } = await open({ scope: ACCOUNTING_SCOPE });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(html).not.toContain("<script");
    expect(html).toContain("<h1>Connect Recoup to QuickBooks</h1>");
    expect(html).toContain("<legend>Sign in as</legend>");
    TEST_USERS.forEach((user, i) => {
      expect(html).toContain(`<input type="radio" id="user-${i}" name="user" value="${user.sub}"`);
      expect(html).toContain(`<label for="user-${i}">`);
    });
    SAMPLE_COMPANIES.forEach((company, i) => {
      expect(html).toContain(`id="company-${i}" name="realmId" value="${company.realmId}"`);
    });
    expect(html).toMatch(/<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toContain(
      '<button type="submit" name="action" value="deny" class="secondary" formnovalidate>Cancel</button>',
    );
    expect(html).toContain(
      '<button type="submit" name="action" value="allow" class="primary">Connect</button>',
    );
    const css = await fetch(`${sandbox.baseUrl}/static/intuit.css`);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("asks only who is signing in for sign-in scopes", async () => {
    const { html } = await open({});
    expect(html).toContain("<h1>Sign in to Recoup with Intuit</h1>");
    expect(html).not.toContain("Select a company");
  });

  it("re-shows the page with an error for an invalid typed email", async () => {
    const { html } = await open({});
    const requestId = /name="request" value="([^"]+)"/.exec(html)![1]!;
    const res = await fetch(`${sandbox.baseUrl}/connect/oauth2`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request: requestId, action: "allow", email: "not an email" }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<p class="error" role="alert">Enter a valid email address.</p>');
  });

  it("answers unknown paths with 404 and wrong methods with 405", async () => {
    expect((await fetch(`${sandbox.baseUrl}/nope`)).status).toBe(404);
    const res = await fetch(`${sandbox.baseUrl}/oauth2/v1/tokens/bearer`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});
