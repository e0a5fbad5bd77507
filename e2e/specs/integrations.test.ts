import { createCompany } from "@recoup/api/testing";
import { apiPaths, type QuickbooksStatusResponse, quickbooksMessages } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, expectPath, logIn, newContext, stack } from "../browser.ts";
import { expectTitle, gone, holdRequests, idTokenOf, toast, visible } from "./flows-helpers.ts";

/** The web app's own success toast after the callback (not a spec text). */
const CONNECTED_TOAST = "QuickBooks connected";
const FEATURES = ["Invoice Sync", "Customer Management", "Financial Reports", "Real-time Updates"];

const browser = chromiumForFile();

const badge = (page: Page, label: "Connected" | "Error" | "Disconnected") =>
  page.getByText(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** From /integrations: 'Connect QuickBooks' (busy while the authorize URL is fetched) to the sandbox's consent page. */
async function openConsent(page: Page) {
  const release = await holdRequests(page, `**${apiPaths.quickbooks.connect}`);
  await button(page, "Connect QuickBooks").click();
  const busy = button(page, "Connecting...");
  await visible(busy);
  expect(await busy.isDisabled()).toBe(true);
  release();
  await page.waitForURL((url) => url.href.startsWith(inject("quickbooksUrl")), { timeout: 15_000 });
  await visible(page.getByRole("heading", { name: /Connect .* to QuickBooks/ }));
}

describe("QuickBooks integration", () => {
  it("connects through Intuit's consent page, refreshes, and disconnects", async () => {
    const user = await createCompany(stack(), { label: "qbo", firstName: "Quinn" });
    const { context, page, problems } = await newContext(browser());
    context.setDefaultTimeout(20_000);
    const callbackPosts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes(apiPaths.quickbooks.callback))
        callbackPosts.push(req.url());
    });
    await logIn(page, user);

    // The page, disconnected.
    await page.goto("/integrations");
    await expectTitle(page, "Integrations");
    await visible(page.getByRole("heading", { name: "QuickBooks Integration", exact: true }));
    await visible(page.getByRole("heading", { name: "QuickBooks Online", exact: true }));
    await visible(page.getByRole("heading", { name: "Need Help?", exact: true }));
    for (const feature of FEATURES) await visible(page.getByText(feature, { exact: true }));
    await visible(badge(page, "Disconnected"));
    expect(await button(page, "Refresh Data").count()).toBe(0);
    expect(await button(page, "Disconnect").count()).toBe(0);

    // Connect: a user and a company on the consent page, then back through /callback/quickbooks.
    await openConsent(page);
    const company = page.locator('input[name="realmId"]').nth(1);
    const realmId = await company.getAttribute("value");
    await page.locator('input[name="user"]').first().check();
    await company.check();
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expectPath(page, "/integrations");
    await visible(toast(page, CONNECTED_TOAST));
    await visible(badge(page, "Connected"));
    await expectTitle(page, "Integrations");
    expect(callbackPosts).toHaveLength(1);

    await visible(page.getByText("Last sync", { exact: true }));
    await visible(button(page, "Refresh Data"));
    await visible(button(page, "Disconnect"));
    const open = page.getByRole("link", { name: /Open QuickBooks Online/ });
    await visible(open);
    expect(await open.getAttribute("target")).toBe("_blank");
    expect(await open.getAttribute("rel")).toContain("noopener");
    expect(await button(page, "Connect QuickBooks").count()).toBe(0);

    // The server agrees: connected to the company that was picked.
    const token = await idTokenOf(context);
    const statusPath = `${apiPaths.quickbooks.status}?email=${encodeURIComponent(user.email)}`;
    const status = async () => {
      const res = await stack().call("GET", statusPath, { token });
      expect(res.status).toBe(200);
      return res.json as QuickbooksStatusResponse;
    };
    const connected = await status();
    expect(connected.data).toEqual(["connected"]);
    expect(connected.connection.status).toBe("connected");
    expect(connected.connection.realmId).toBe(realmId);

    // The data arrives: the first import finishes and the page shows what it brought in.
    await page.getByText(/Imported 30 customers · 200 invoices/).waitFor({ timeout: 45_000 });
    await visible(page.getByText(new RegExp(`^${quickbooksMessages.recentlySynced} ·`)));

    // Refresh Data: busy, then the spec's toast.
    const releasePull = await holdRequests(page, "**/v1/business/invoice/pull/**");
    await button(page, "Refresh Data").click();
    const refreshing = button(page, "Refreshing...");
    await visible(refreshing);
    expect(await refreshing.isDisabled()).toBe(true);
    expect(await button(page, "Disconnect").isDisabled()).toBe(true);
    releasePull();
    await visible(toast(page, quickbooksMessages.refreshed));
    await visible(button(page, "Refresh Data"));

    // Disconnect: busy, the spec's toast, the badge, and the local flag.
    const releaseRevoke = await holdRequests(page, `**${apiPaths.quickbooks.revoke}*`);
    await button(page, "Disconnect").click();
    await visible(button(page, "Disconnecting..."));
    releaseRevoke();
    await visible(toast(page, quickbooksMessages.disconnected));
    await visible(badge(page, "Disconnected"));
    await gone(badge(page, "Connected"));
    await visible(button(page, "Connect QuickBooks"));
    expect(await button(page, "Refresh Data").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("quickbooksDisconnected"))).toBe("true");
    const after = await status();
    expect(after.connection.status).toBe("disconnected");

    // The synced records stay until the company deletes them.
    await button(page, "Delete synced data").click();
    await button(page, "Delete data").click();
    await visible(page.getByText("The data synced from QuickBooks was deleted."));
    await page.getByRole("button", { name: "Delete synced data" }).waitFor({ state: "detached" });

    // Still disconnected after a reload.
    await page.reload();
    await visible(badge(page, "Disconnected"));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("comes back disconnected with the spec's message when the user cancels on Intuit's page", async () => {
    const user = await createCompany(stack(), { label: "qbo-cancel", firstName: "Cass" });
    const { context, page, problems } = await newContext(browser(), { width: 390 });
    context.setDefaultTimeout(20_000);
    await logIn(page, user);
    await page.goto("/integrations");
    await visible(badge(page, "Disconnected"));

    await openConsent(page);
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expectPath(page, "/integrations");
    await visible(toast(page, quickbooksMessages.connectFailed));
    await visible(badge(page, "Disconnected"));
    await visible(button(page, "Connect QuickBooks"));
    expect(await button(page, "Connect QuickBooks").isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
