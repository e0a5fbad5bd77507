import { apiPaths, cookieNames, errorCodes } from "@recoup/contracts";
import type { Browser, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser } from "../browser.ts";
import {
  createOnboardedUser,
  createVerifiedUser,
  freshContext,
  pathOf,
  recordStatusTexts,
  sessionCookies,
  signedInContext,
  statusTexts,
  type TestUser,
} from "./shell-helpers.ts";

/** Spec section 2: the route table, the routing rules, the auth screen modes, Page Not Found. */

const appPaths = [
  "/dashboard",
  "/customers",
  "/customers/abc",
  "/invoices",
  "/communications",
  "/aging-report",
  "/account",
  "/billing",
  "/email-templates",
  "/integrations",
];
const protectedPaths = [...appPaths, "/onboarding"];

const appTitles: [path: string, title: string][] = [
  ["/dashboard", "Dashboard"],
  ["/customers", "Customers"],
  ["/customers/abc", "Customer Details"],
  ["/customers/C-1042/anything/below", "Customer Details"],
  ["/invoices", "Invoices"],
  ["/communications", "Communications"],
  ["/aging-report", "Aging Report"],
  ["/account", "Account"],
  ["/billing", "Billing"],
  ["/email-templates", "Email Templates"],
  ["/integrations", "Integrations"],
];

const notFound = {
  loggedIn: [
    "The page you're looking for doesn't exist or has been moved.",
    "Check the URL or try navigating back to the dashboard.",
  ],
  loggedOut: "Please log in to access the application.",
};

let browser: Browser;
/** Session cookies of a user who finished onboarding, and of one who has not. */
let onboarded: Cookie[];
let pending: Cookie[];
let onboardedUser: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  const [done, notYet] = await Promise.all([
    createOnboardedUser("routing-onboarded", "Olive", "Banks"),
    createVerifiedUser("routing-pending", "Penny", "Vale"),
  ]);
  onboardedUser = done;
  [onboarded, pending] = await Promise.all([sessionCookies(browser, done), sessionCookies(browser, notYet)]);
});

afterAll(async () => {
  await browser?.close();
});

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);
const expectTitle = (page: Page, name: string) =>
  expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`Recoup | ${name}`);

describe("redirects", () => {
  it("/ goes to /login, replacing its history entry", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send reset code" }).waitFor();
    await page.goto("/");
    await waitForPath(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    await page.goBack();
    // '/' was replaced by /login: one step back is the page before it, never '/'.
    await waitForPath(page, "/forgot-password");
    expect(pathOf(page)).toBe("/forgot-password");
    await page.goForward();
    await waitForPath(page, "/login");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends an unauthenticated user on every protected path to /login", async () => {
    const { context, page, problems } = await freshContext(browser);
    await recordStatusTexts(context);
    for (const path of protectedPaths) {
      await page.goto(path);
      await waitForPath(page, "/login");
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
      expect(await statusTexts(page), path).toContain("Redirecting to login...");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-in user who has not onboarded from every app page to /onboarding", async () => {
    const { context, page, problems } = await signedInContext(browser, pending);
    await recordStatusTexts(context);
    for (const path of appPaths) {
      await page.goto(path);
      await waitForPath(page, "/onboarding");
      await expectTitle(page, "Onboarding");
      expect(await statusTexts(page), path).toContain("Redirecting to onboarding...");
    }
    // /onboarding itself is theirs to see.
    await page.goto("/onboarding");
    await page.waitForLoadState("networkidle");
    expect(pathOf(page)).toBe("/onboarding");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends an onboarded user on /onboarding to /dashboard", async () => {
    const { context, page, problems } = await signedInContext(browser, onboarded);
    await page.goto("/onboarding");
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-in user on /login, /signup and /forgot-password to /dashboard", async () => {
    const { context, page, problems } = await signedInContext(browser, onboarded);
    for (const path of ["/login", "/signup", "/forgot-password", "/login?mode=signup"]) {
      await page.goto(path);
      await waitForPath(page, "/dashboard");
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-in user who has not onboarded from the auth screens on to /onboarding", async () => {
    // /dashboard would send them to /onboarding anyway: they end there.
    const { context, page, problems } = await signedInContext(browser, pending);
    for (const path of ["/login", "/signup", "/forgot-password"]) {
      await page.goto(path);
      await waitForPath(page, "/onboarding");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a loading screen while the session is unknown, then the page", async () => {
    // Its own session: the refresh below rotates its refresh token.
    const own = await sessionCookies(browser, onboardedUser);
    const { context, page, problems } = await freshContext(browser);
    // The stored user and the HttpOnly refresh cookie, but no id token: the app must renew first.
    await context.addCookies(
      own.filter((c) => c.name !== cookieNames.idToken && c.name !== cookieNames.accessToken),
    );
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${apiPaths.auth.refresh}`, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto("/customers");
    await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
    expect(pathOf(page)).toBe("/customers");
    expect(await page.getByText("Redirecting to login...").count()).toBe(0);
    answer();
    await page.getByRole("heading", { name: "Customers", level: 1 }).waitFor();
    expect(pathOf(page)).toBe("/customers");
    expect((await context.cookies()).some((c) => c.name === cookieNames.idToken)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the loading overlay ('Loading...') while a page loads", async () => {
    const { context, page, problems } = await freshContext(browser);
    await recordStatusTexts(context);
    // Hold the login page's code until the overlay has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/auth-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login", { waitUntil: "commit" });
    await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
    release();
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor({ state: "detached" });
    expect(await statusTexts(page)).toContain("Loading...");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("page titles", () => {
  it("names the public pages: Login, Forgot Password, Page Not Found", async () => {
    const { context, page, problems } = await freshContext(browser);
    const cases: [string, string][] = [
      ["/login", "Login"],
      ["/login?mode=signup", "Login"],
      ["/signup", "Login"],
      ["/forgot-password", "Forgot Password"],
      ["/no-such-page", "Page Not Found"],
      ["/dashboard/extra", "Page Not Found"],
    ];
    for (const [path, title] of cases) {
      await page.goto(path);
      await expectTitle(page, title);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("names the three provider return screens 'Connecting...'", async () => {
    const { context, page, problems } = await freshContext(browser);
    for (const provider of ["google", "intuit"] as const) {
      // Hold the code exchange so the return screen stays up, then let it fail.
      let fail = () => {};
      const answered = new Promise<void>((resolve) => {
        fail = resolve;
      });
      await page.route(`**${apiPaths.auth.oauthCallback(provider)}`, async (route) => {
        await answered;
        await route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: errorCodes.oauthFailed, message: "Sign-in failed." } }),
        });
      });
      await page.goto(`/callback/${provider}?code=held-code&state=held-state`);
      await expectTitle(page, "Connecting...");
      await page.getByRole("status").filter({ hasText: "Connecting..." }).waitFor();
      fail();
      // A failed return goes back to /login.
      await waitForPath(page, "/login");
      await expectTitle(page, "Login");
    }
    await page.goto("/callback/quickbooks?code=abc&state=def&realmId=123");
    await expectTitle(page, "Connecting...");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("names every signed-in page, and Page Not Found inside the shell", async () => {
    const { context, page, problems } = await signedInContext(browser, onboarded);
    for (const [path, title] of appTitles) {
      await page.goto(path);
      expect(pathOf(page)).toBe(path);
      await expectTitle(page, title);
    }
    await page.goto("/settings/unknown");
    await expectTitle(page, "Page Not Found");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("names /onboarding 'Onboarding'", async () => {
    const { context, page, problems } = await signedInContext(browser, pending);
    await page.goto("/onboarding");
    await expectTitle(page, "Onboarding");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("Page Not Found", () => {
  it("logged out: asks to log in, with 'Go to Login' and 'Go Back' that work", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send reset code" }).waitFor();
    await page.goto("/nowhere/at/all");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.getByText(notFound.loggedOut, { exact: true }).waitFor();
    for (const text of notFound.loggedIn) expect(await page.getByText(text).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Go to Dashboard" }).count()).toBe(0);
    // Not inside the shell.
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);

    await page.getByRole("button", { name: "Go Back" }).click();
    await waitForPath(page, "/forgot-password");

    await page.goto("/nowhere/at/all");
    await page.getByRole("button", { name: "Go to Login" }).click();
    await waitForPath(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("logged in: inside the shell, with 'Go to Dashboard' and 'Go Back' that work", async () => {
    const { context, page, problems } = await signedInContext(browser, onboarded);
    await page.goto("/invoices");
    await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();
    await page.goto("/nowhere/at/all");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    for (const text of notFound.loggedIn) await page.getByText(text, { exact: true }).waitFor();
    expect(await page.getByText(notFound.loggedOut).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Go to Login" }).count()).toBe(0);
    // Inside the shell: the sidebar's navigation and the header are there.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Toggle theme" }).waitFor();

    await page.getByRole("button", { name: "Go Back" }).click();
    await waitForPath(page, "/invoices");
    await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();

    await page.goto("/nowhere/at/all");
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("auth screen modes", () => {
  it("?mode=signup on /login shows the signup form; /signup forces it; /forgot-password forces its form", async () => {
    const { context, page, problems } = await freshContext(browser);
    const signupShown = async () => {
      await page.getByRole("button", { name: "Create account" }).waitFor();
      await page.getByLabel("First Name").waitFor();
      await page.getByLabel("Confirm Password", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Login", exact: true }).count()).toBe(0);
    };
    const loginShown = async () => {
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Create account" }).count()).toBe(0);
    };

    await page.goto("/login?mode=signup");
    await signupShown();
    await page.goto("/login?mode=login");
    await loginShown();
    await page.goto("/login");
    await loginShown();
    await page.goto("/signup");
    await signupShown();
    await page.goto("/signup?mode=login");
    await signupShown();
    await page.goto("/forgot-password?mode=signup");
    await page.getByRole("button", { name: "Send reset code" }).waitFor();
    expect(await page.getByRole("button", { name: "Create account" }).count()).toBe(0);

    // The links between the forms go where they say.
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign up", exact: true }).click();
    await waitForPath(page, "/signup");
    await signupShown();
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/login");
    await loginShown();
    await page.getByRole("link", { name: /Forgot your password/ }).click();
    await waitForPath(page, "/forgot-password");
    await expectTitle(page, "Forgot Password");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("page load failure", () => {
  it("raises the preload-error event, reloads once, then shows the error screen", async () => {
    const { context, page, problems } = await signedInContext(browser, onboarded);
    await context.addInitScript(() => {
      const key = "e2e:preload-errors";
      window.addEventListener("vite:preloadError", () => {
        sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
      });
    });
    await page.goto("/invoices");
    await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();
    await page.route(/\/assets\/dashboard-page-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor({ timeout: 15_000 });
    expect(pathOf(page)).toBe("/dashboard");
    // Once before the automatic reload, once after it (then rethrown to the error screen).
    expect(await page.evaluate(() => sessionStorage.getItem("e2e:preload-errors"))).toBe("2");
    await page.unroute(/\/assets\/dashboard-page-[^/]*\.js$/);
    await page.getByRole("button", { name: "Reload page" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
