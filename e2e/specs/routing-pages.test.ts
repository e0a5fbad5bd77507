import { apiPaths, errorCodes } from "@recoup/contracts";
import type { Cookie } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, freshContext, signedInContext } from "../browser.ts";
import { expectTitle } from "./flows-helpers.ts";
import { onboardedAndPending, pathOf } from "./shell-helpers.ts";

/** Spec section 2: page titles, Page Not Found, the auth screen modes, a page that fails to load. */

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

const browser = chromiumForFile();
/** Session cookies of a user who finished onboarding, and of one who has not. */
let onboarded: Cookie[];
let pending: Cookie[];

beforeAll(async () => {
  ({ onboarded, pending } = await onboardedAndPending(browser(), "routing-pages"));
});

describe("page titles", () => {
  it("names the public pages: Login, Forgot Password, Page Not Found", async () => {
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
      await expectPath(page, "/login");
      await expectTitle(page, "Login");
    }
    await page.goto("/callback/quickbooks?code=abc&state=def&realmId=123");
    await expectTitle(page, "Connecting...");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("names every signed-in page, and Page Not Found inside the shell", async () => {
    const { context, page, problems } = await signedInContext(browser(), onboarded);
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
    const { context, page, problems } = await signedInContext(browser(), pending);
    await page.goto("/onboarding");
    await expectTitle(page, "Onboarding");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("Page Not Found", () => {
  it("logged out: asks to log in, with 'Go to Login' and 'Go Back' that work", async () => {
    const { context, page, problems } = await freshContext(browser());
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
    await expectPath(page, "/forgot-password");

    await page.goto("/nowhere/at/all");
    await page.getByRole("button", { name: "Go to Login" }).click();
    await expectPath(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("logged in: inside the shell, with 'Go to Dashboard' and 'Go Back' that work", async () => {
    const { context, page, problems } = await signedInContext(browser(), onboarded);
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
    await expectPath(page, "/invoices");
    await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();

    await page.goto("/nowhere/at/all");
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await expectPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("auth screen modes", () => {
  it("?mode=signup on /login shows the signup form; /signup forces it; /forgot-password forces its form", async () => {
    const { context, page, problems } = await freshContext(browser());
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
    await expectPath(page, "/signup");
    await signupShown();
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expectPath(page, "/login");
    await loginShown();
    await page.getByRole("link", { name: /Forgot your password/ }).click();
    await expectPath(page, "/forgot-password");
    await expectTitle(page, "Forgot Password");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("page load failure", () => {
  it("raises the preload-error event, reloads once, then shows the error screen", async () => {
    const { context, page, problems } = await signedInContext(browser(), onboarded);
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
