import { uniqueEmail } from "@recoup/api/testing";
import { cookieNames } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, expectPath, field, newContext } from "../browser.ts";
import {
  captureOnFailure,
  expectTitle,
  holdRequests,
  toast,
  userMenuButton,
  visible,
  webTexts,
} from "./flows-helpers.ts";

const browser = chromiumForFile();

const origin = (url: string) => new URL(url).origin;

/** /login → 'Continue with Google' → the sandbox's "Choose an account" → another account → consent. */
async function toGoogleConsent(page: Page, email: string, name: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) => url.origin === origin(inject("googleIssuer")));
  await visible(page.getByRole("heading", { name: "Choose an account" }));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Next" }).click();
  await visible(page.getByRole("heading", { name: "Recoup wants to access your Google Account" }));
  await visible(page.getByText(email, { exact: true }));
}

/** The callback screen: its request held until 'Connecting...' is seen, then let go. */
async function expectConnecting(page: Page, callbackPath: string, release: () => void) {
  await expectPath(page, callbackPath);
  await visible(page.getByRole("status").filter({ hasText: "Connecting..." }));
  await expectTitle(page, "Connecting...");
  release();
}

describe("social sign-in", () => {
  it("signs a new user in with Google and sends them to onboarding", async () => {
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "social-sign-in-1");
    context.setDefaultTimeout(20_000);
    const email = uniqueEmail("google");
    const release = await holdRequests(page, "**/v1/auth/oauth/google/callback");

    await toGoogleConsent(page, email, "Grace Google");
    await page.getByRole("button", { name: "Allow" }).click();
    await expectConnecting(page, "/callback/google", release);

    await expectPath(page, "/onboarding");
    await expectTitle(page, "Onboarding");
    expect(await field(page, "Email").inputValue()).toBe(email);

    // Signed in for real: onboarding leads into the shell with the provider's name.
    await field(page, "Company name").fill("Google Test Co");
    await page.getByRole("combobox", { name: "Company type" }).click();
    await page.getByRole("option", { name: "Corporation" }).click();
    await page.getByRole("combobox", { name: "Company size" }).click();
    await page.getByRole("option", { name: "Just me" }).click();
    await field(page, "Average invoices per month").fill("5");
    await page.getByRole("button", { name: "Continue to dashboard" }).click();
    await expectPath(page, "/dashboard");
    const menu = userMenuButton(page, email);
    await visible(menu);
    expect(await menu.textContent()).toContain("Grace Google");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("signs a new user in with Intuit and sends them to onboarding", async () => {
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "social-sign-in-2");
    context.setDefaultTimeout(20_000);
    const email = uniqueEmail("intuit");
    const release = await holdRequests(page, "**/v1/auth/oauth/intuit/callback");

    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Intuit" }).click();
    await page.waitForURL((url) => url.origin === origin(inject("quickbooksUrl")));
    await visible(page.getByRole("heading", { name: "Sign in to Recoup with Intuit" }));
    await page.getByLabel("Or use another email").fill(email);
    await page.getByLabel("Name").fill("Ian Intuit");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectConnecting(page, "/callback/intuit", release);

    await expectPath(page, "/onboarding");
    await expectTitle(page, "Onboarding");
    expect(await field(page, "Email").inputValue()).toBe(email);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a cancelled Google consent comes back to /login with a toast", async () => {
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "social-sign-in-3");
    context.setDefaultTimeout(20_000);

    await toGoogleConsent(page, uniqueEmail("google-cancel"), "Carl Cancel");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expectPath(page, "/login");
    await visible(toast(page, webTexts.googleFailed));
    await expectTitle(page, "Login");
    // Not signed in: no session cookie (cookies are per host, so the sandbox's own are listed too).
    const names = (await context.cookies(page.url())).map((c) => c.name);
    for (const name of [
      cookieNames.idToken,
      cookieNames.accessToken,
      cookieNames.user,
      cookieNames.refreshToken,
    ]) {
      expect(names).not.toContain(name);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
