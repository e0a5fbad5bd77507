import { cookieNames } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, freshContext, logIn, signedInContext } from "../browser.ts";
import { userMenuButton } from "./flows-helpers.ts";
import { heading, ownerForFile, pathOf } from "./shell-helpers.ts";

/** The shell's theme (spec section 4) and its user menu (section 2); the sidebar: shell.test.ts. */

const browser = chromiumForFile();
const owner = ownerForFile(browser, "shell-theme");

const themeButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Toggle theme" });
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

describe("theme", () => {
  it("the header's button toggles the dark class on <html>, and the choice is kept", async () => {
    const { context, page, problems } = await signedInContext(browser(), owner.cookies, {
      colorScheme: "light",
    });
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    expect(await isDark(page)).toBe(false);
    await themeButton(page).click();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.reload();
    await heading(page, "Dashboard").waitFor();
    expect(await isDark(page)).toBe(true);
    await themeButton(page).click();
    await expect.poll(() => isDark(page)).toBe(false);
    // A choice made, the system's preference no longer decides.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await heading(page, "Dashboard").waitFor();
    expect(await isDark(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("with no choice made, follows the system: a dark system starts dark", async () => {
    const { context, page, problems } = await signedInContext(browser(), owner.cookies, {
      colorScheme: "dark",
    });
    // Before the app's code runs (no flash of the light theme).
    await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
    expect(await isDark(page)).toBe(true);
    await heading(page, "Dashboard").waitFor();
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => isDark(page)).toBe(true);
    // The toggle works from dark too.
    await themeButton(page).click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the auth screens follow the system theme too", async () => {
    const { context, page, problems } = await freshContext(browser(), { colorScheme: "dark" });
    await page.goto("/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("user menu", () => {
  it("shows the avatar's initial, the name and the email; Account and Billing navigate", async () => {
    const { context, page, problems } = await signedInContext(browser(), owner.cookies);
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    const trigger = userMenuButton(page, owner.user.email);
    await trigger.getByText(owner.user.name, { exact: true }).waitFor();
    await trigger.getByText(owner.user.email, { exact: true }).waitFor();
    expect(await trigger.locator('[data-slot="avatar-fallback"]').textContent()).toBe(
      owner.user.firstName[0],
    );

    await trigger.click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await menu.getByText(owner.user.name, { exact: true }).waitFor();
    await menu.getByText(owner.user.email, { exact: true }).waitFor();
    expect(await menu.locator('[data-slot="avatar-fallback"]').textContent()).toBe(owner.user.firstName[0]);
    const items = await menu.getByRole("menuitem").allInnerTexts();
    expect(items.map((i) => i.trim())).toEqual(["Account", "Billing", "Log out"]);

    await menu.getByRole("menuitem", { name: "Account" }).click();
    await expectPath(page, "/account");
    await heading(page, "Account Settings").waitFor();
    await menu.waitFor({ state: "detached" });

    await trigger.click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Billing" }).click();
    await expectPath(page, "/billing");
    await heading(page, "Billing & Subscription").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Log out ends the session and goes to /login", async () => {
    // Its own session: logging out ends it on the server.
    const { context, page, problems } = await freshContext(browser());
    await logIn(page, owner.user);
    await heading(page, "Dashboard").waitFor();
    await userMenuButton(page, owner.user.email).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expectPath(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    const left = (await context.cookies()).map((c) => c.name);
    expect(left).not.toContain(cookieNames.idToken);
    expect(left).not.toContain(cookieNames.refreshToken);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.goto("/dashboard");
    await expectPath(page, "/login");
    expect(pathOf(page)).toBe("/login");
    expect(problems).toEqual([]);
    await context.close();
  });
});
