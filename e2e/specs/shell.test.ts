import { cookieNames } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, signedInContext } from "../browser.ts";
import { userMenuButton } from "./flows-helpers.ts";
import { heading, ownerForFile } from "./shell-helpers.ts";

/** Spec section 2, "Shell (all signed-in pages)": the sidebar. Its theme and user menu: shell-theme.test.ts. */

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

const browser = chromiumForFile();
const owner = ownerForFile(browser, "shell");

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const navLink = (page: Page, name: string) => mainNav(page).getByRole("link", { name, exact: true });
const settingsButton = (page: Page) => mainNav(page).getByRole("button", { name: "Settings" });
const headerToggle = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Toggle Sidebar" });
/** The desktop sidebar's wrapper carries data-state="expanded" | "collapsed". */
const sidebarState = (page: Page) =>
  page.locator('[data-slot="sidebar"][data-state]').getAttribute("data-state");

describe("sidebar", () => {
  it("lists the main items and a Settings group with Account, Billing, Email Templates, Integrations", async () => {
    const { context, page, problems } = await signedInContext(browser(), owner.cookies);
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
    const { context, page, problems } = await signedInContext(browser(), owner.cookies);
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
    await userMenuButton(page, owner.user.email).click();
    await page.getByRole("menuitem", { name: "Billing" }).click();
    await expectPath(page, "/billing");
    await expect.poll(() => settingsButton(page).getAttribute("aria-expanded")).toBe("true");
    expect(await navLink(page, "Billing").getAttribute("aria-current")).toBe("page");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("collapses with the header's toggle, remembers it in the sidebar_state cookie for 7 days, across a reload", async () => {
    const { context, page, problems } = await signedInContext(browser(), owner.cookies);
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
    const { context, page, problems } = await signedInContext(browser(), owner.cookies, { width: 390 });
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
    await sheet.getByRole("button", { name: owner.user.email }).waitFor();

    // Following a link closes the sheet.
    await sheet.getByRole("link", { name: "Customers", exact: true }).click();
    await expectPath(page, "/customers");
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
    const { context, page, problems } = await signedInContext(browser(), owner.cookies);
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
      await expectPath(page, item.path);
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
