import type { KitUser } from "@recoup/api/testing";
import { apiPaths, cookieNames } from "@recoup/contracts";
import type { Cookie } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, freshContext, sessionCookies, signedInContext } from "../browser.ts";
import { expectTitle } from "./flows-helpers.ts";
import { onboardedAndPending, pathOf, recordStatusTexts, statusTexts } from "./shell-helpers.ts";

/** Spec section 2: the route table and the routing rules; the pages: routing-pages.test.ts. */

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

const browser = chromiumForFile();
/** Session cookies of a user who finished onboarding, and of one who has not. */
let onboarded: Cookie[];
let pending: Cookie[];
let onboardedUser: KitUser;
beforeAll(async () => {
  ({ onboarded, pending, onboardedUser } = await onboardedAndPending(browser(), "routing"));
});

describe("redirects", () => {
  it("/ goes to /login, replacing its history entry", async () => {
    const { context, page, problems } = await freshContext(browser());
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send reset code" }).waitFor();
    await page.goto("/");
    await expectPath(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    await page.goBack();
    // '/' was replaced by /login: one step back is the page before it, never '/'.
    await expectPath(page, "/forgot-password");
    expect(pathOf(page)).toBe("/forgot-password");
    await page.goForward();
    await expectPath(page, "/login");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends an unauthenticated user on every protected path to /login", async () => {
    const { context, page, problems } = await freshContext(browser());
    await recordStatusTexts(context);
    for (const path of protectedPaths) {
      await page.goto(path);
      await expectPath(page, "/login");
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
      expect(await statusTexts(page), path).toContain("Redirecting to login...");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-in user who has not onboarded from every app page to /onboarding", async () => {
    const { context, page, problems } = await signedInContext(browser(), pending);
    await recordStatusTexts(context);
    for (const path of appPaths) {
      await page.goto(path);
      await expectPath(page, "/onboarding");
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
    const { context, page, problems } = await signedInContext(browser(), onboarded);
    await page.goto("/onboarding");
    await expectPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-in user on /login, /signup and /forgot-password to /dashboard", async () => {
    const { context, page, problems } = await signedInContext(browser(), onboarded);
    for (const path of ["/login", "/signup", "/forgot-password", "/login?mode=signup"]) {
      await page.goto(path);
      await expectPath(page, "/dashboard");
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-in user who has not onboarded from the auth screens on to /onboarding", async () => {
    // /dashboard would send them to /onboarding anyway: they end there.
    const { context, page, problems } = await signedInContext(browser(), pending);
    for (const path of ["/login", "/signup", "/forgot-password"]) {
      await page.goto(path);
      await expectPath(page, "/onboarding");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a loading screen while the session is unknown, then the page", async () => {
    // Its own session: the refresh below rotates its refresh token.
    const own = await sessionCookies(browser(), onboardedUser);
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
