import { cookieNames } from "@recoup/contracts";
import type { Browser, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser } from "../browser.ts";
import {
  createOnboardedUser,
  freshContext,
  loginThroughUi,
  pathOf,
  sessionCookies,
  signedInContext,
  type TestUser,
} from "./shell-helpers.ts";

/** Spec section 2, "Shell (all signed-in pages)", and the theme of section 4. */

const mainItems = [
  { name: "Dashboard", path: "/dashboard", heading: "Dashboard" },
  { name: "Customers", path: "/customers", heading: "Customers" },
  { name: "Invoices", path: "/invoices", heading: "Invoices" },
  { name: "Communications", path: "/communications", heading: "Communications" },
  { name: "Aging Report", path: "/aging-report", heading: "Aging Report" },
];
const settingsItems = [
  { name: "Account", path: "/account", heading: "Account Settings" },
  { name: "Billing", path: "/billing", heading: "Billing & Subscription" },
  { name: "Email Templates", path: "/email-templates", heading: "Email Templates" },
  { name: "Integrations", path: "/integrations", heading: "QuickBooks Integration" },
];

const SEVEN_DAYS = 7 * 24 * 60 * 60;

let browser: Browser;
let user: TestUser;
let cookies: Cookie[];

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createOnboardedUser("shell", "Orla", "Finch");
  cookies = await sessionCookies(browser, user);
});

afterAll(async () => {
  await browser?.close();
});

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const navLink = (page: Page, name: string) => mainNav(page).getByRole("link", { name, exact: true });
const settingsButton = (page: Page) => mainNav(page).getByRole("button", { name: "Settings" });
const headerToggle = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Toggle Sidebar" });
const themeButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Toggle theme" });
const userMenuButton = (page: Page) => page.getByRole("button", { name: user.email });
/** The desktop sidebar's wrapper carries data-state="expanded" | "collapsed". */
const sidebarState = (page: Page) =>
  page.locator('[data-slot="sidebar"][data-state]').getAttribute("data-state");
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1, exact: true });
const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

describe("sidebar", () => {
  it("lists the main items and a Settings group with Account, Billing, Email Templates, Integrations", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies);
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    for (const item of mainItems) {
      expect(await navLink(page, item.name).getAttribute("href")).toBe(item.path);
    }
    // Not on a settings page: the group starts closed.
    expect(await settingsButton(page).getAttribute("aria-expanded")).toBe("false");
    for (const item of settingsItems) expect(await navLink(page, item.name).count()).toBe(0);
    await settingsButton(page).click();
    expect(await settingsButton(page).getAttribute("aria-expanded")).toBe("true");
    for (const item of settingsItems) {
      await navLink(page, item.name).waitFor();
      expect(await navLink(page, item.name).getAttribute("href")).toBe(item.path);
    }
    // The order of the sidebar, top to bottom.
    const names = await mainNav(page).locator("a, button").allInnerTexts();
    expect(names.map((n) => n.trim())).toEqual([
      ...mainItems.map((i) => i.name),
      "Settings",
      ...settingsItems.map((i) => i.name),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("expands Settings by itself on each of its pages, and marks the active item", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies);
    for (const item of settingsItems) {
      await page.goto(item.path);
      await heading(page, item.heading).waitFor();
      expect(await settingsButton(page).getAttribute("aria-expanded"), item.path).toBe("true");
      const link = navLink(page, item.name);
      expect(await link.getAttribute("aria-current")).toBe("page");
      expect(await link.getAttribute("data-active")).toBe("true");
      for (const other of [...mainItems, ...settingsItems].filter((o) => o !== item)) {
        expect(await navLink(page, other.name).getAttribute("aria-current"), other.name).toBeNull();
        expect(await navLink(page, other.name).getAttribute("data-active"), other.name).toBe("false");
      }
    }
    // On a main page the group is closed and not marked.
    await page.goto("/aging-report");
    await heading(page, "Aging Report").waitFor();
    expect(await navLink(page, "Aging Report").getAttribute("aria-current")).toBe("page");
    expect(await settingsButton(page).getAttribute("aria-expanded")).toBe("false");
    expect(await settingsButton(page).getAttribute("data-active")).toBe("false");
    // A customer's page keeps Customers active.
    await page.goto("/customers/C-7");
    await heading(page, "Customer Details").waitFor();
    await page.getByRole("banner").getByText("Customer Details", { exact: true }).waitFor();
    expect(await navLink(page, "Customers").getAttribute("aria-current")).toBe("page");

    // Reaching a settings page another way (the user menu) opens the group too.
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    expect(await settingsButton(page).getAttribute("aria-expanded")).toBe("false");
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: "Billing" }).click();
    await waitForPath(page, "/billing");
    await expect.poll(() => settingsButton(page).getAttribute("aria-expanded")).toBe("true");
    expect(await navLink(page, "Billing").getAttribute("aria-current")).toBe("page");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("collapses with the header's toggle, remembers it in the sidebar_state cookie for 7 days, across a reload", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies);
    await page.goto("/invoices");
    await heading(page, "Invoices").waitFor();
    expect(await sidebarState(page)).toBe("expanded");
    const sidebarCookie = async () =>
      (await context.cookies()).find((c) => c.name === cookieNames.sidebarState);
    expect(await sidebarCookie()).toBeUndefined();

    await headerToggle(page).click();
    await expect.poll(() => sidebarState(page)).toBe("collapsed");
    const saved = await sidebarCookie();
    expect(saved?.value).toBe("false");
    expect(saved?.path).toBe("/");
    const lifetime = (saved?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(SEVEN_DAYS - 120);
    expect(lifetime).toBeLessThanOrEqual(SEVEN_DAYS + 5);
    // Collapsed to icons: the items are still there.
    await navLink(page, "Customers").waitFor();
    // Collapsed to icons, an item names itself in a tooltip.
    await navLink(page, "Customers").hover();
    await page.getByRole("tooltip", { name: "Customers" }).waitFor();
    await page.mouse.move(700, 500);
    // 3rem wide once the width transition ends.
    await expect
      .poll(async () => (await page.locator('[data-slot="sidebar-container"]').boundingBox())?.width)
      .toBe(48);

    await page.reload();
    await heading(page, "Invoices").waitFor();
    expect(await sidebarState(page)).toBe("collapsed");

    await headerToggle(page).click();
    await expect.poll(() => sidebarState(page)).toBe("expanded");
    expect((await sidebarCookie())?.value).toBe("true");
    // 15rem wide again.
    await expect
      .poll(async () => (await page.locator('[data-slot="sidebar-container"]').boundingBox())?.width)
      .toBe(240);
    await page.reload();
    await heading(page, "Invoices").waitFor();
    expect(await sidebarState(page)).toBe("expanded");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("at 390 px wide, is a slide-in sheet the header's toggle opens", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies, { width: 390 });
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    // Closed: no navigation on screen, and no desktop sidebar either.
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.locator('[data-slot="sidebar"][data-state]').count()).toBe(0);

    await headerToggle(page).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await sheet.waitFor();
    await sheet.getByRole("link", { name: "Customers", exact: true }).waitFor();
    await expect
      .poll(async () => (await sheet.boundingBox())?.x, { message: "the sheet slides in from the left" })
      .toBe(0);
    const box = await sheet.boundingBox();
    expect(box?.width).toBeLessThan(390);
    await sheet.getByRole("button", { name: user.email }).waitFor();

    // Following a link closes the sheet.
    await sheet.getByRole("link", { name: "Customers", exact: true }).click();
    await waitForPath(page, "/customers");
    await heading(page, "Customers").waitFor();
    await sheet.waitFor({ state: "detached" });

    // Escape closes it too.
    await headerToggle(page).click();
    await sheet.waitFor();
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("navigates between every page without a full reload; each page shows its heading", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies);
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = "same document";
    });
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    await settingsButton(page).click();
    for (const item of [...mainItems.slice(1), ...settingsItems, mainItems[0]!]) {
      await navLink(page, item.name).click();
      await waitForPath(page, item.path);
      // The page's own heading, and its name in the header.
      await heading(page, item.heading).waitFor();
      await page.getByRole("banner").getByText(item.name, { exact: true }).waitFor();
      expect(await navLink(page, item.name).getAttribute("aria-current"), item.path).toBe("page");
      expect(await navLink(page, item.name).getAttribute("data-active")).toBe("true");
    }
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      "same document",
    );
    expect(documents).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("theme", () => {
  it("the header's button toggles the dark class on <html>, and the choice is kept", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies, { colorScheme: "light" });
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
    const { context, page, problems } = await signedInContext(browser, cookies, { colorScheme: "dark" });
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
    const { context, page, problems } = await freshContext(browser, { colorScheme: "dark" });
    await page.goto("/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("user menu", () => {
  it("shows the avatar's initial, the name and the email; Account and Billing navigate", async () => {
    const { context, page, problems } = await signedInContext(browser, cookies);
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor();
    const trigger = userMenuButton(page);
    await trigger.getByText(user.name, { exact: true }).waitFor();
    await trigger.getByText(user.email, { exact: true }).waitFor();
    expect(await trigger.locator('[data-slot="avatar-fallback"]').textContent()).toBe(user.firstName[0]);

    await trigger.click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await menu.getByText(user.name, { exact: true }).waitFor();
    await menu.getByText(user.email, { exact: true }).waitFor();
    expect(await menu.locator('[data-slot="avatar-fallback"]').textContent()).toBe(user.firstName[0]);
    const items = await menu.getByRole("menuitem").allInnerTexts();
    expect(items.map((i) => i.trim())).toEqual(["Account", "Billing", "Log out"]);

    await menu.getByRole("menuitem", { name: "Account" }).click();
    await waitForPath(page, "/account");
    await heading(page, "Account Settings").waitFor();
    await menu.waitFor({ state: "detached" });

    await trigger.click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Billing" }).click();
    await waitForPath(page, "/billing");
    await heading(page, "Billing & Subscription").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Log out ends the session and goes to /login", async () => {
    // Its own session: logging out ends it on the server.
    const { context, page, problems } = await freshContext(browser);
    await loginThroughUi(page, user);
    await heading(page, "Dashboard").waitFor();
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await waitForPath(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    const left = (await context.cookies()).map((c) => c.name);
    expect(left).not.toContain(cookieNames.idToken);
    expect(left).not.toContain(cookieNames.refreshToken);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.goto("/dashboard");
    await waitForPath(page, "/login");
    expect(pathOf(page)).toBe("/login");
    expect(problems).toEqual([]);
    await context.close();
  });
});
