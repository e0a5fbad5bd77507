import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { sandboxQuery, settle } from "./collections-helpers.ts";
import { toast, visible } from "./flows-helpers.ts";

/**
 * Reminders in the browser, against a company synced with the sample QuickBooks company: the
 * 'Automatic Reminders' switch and its confirmation, 'Send reminder now' into the mail sandbox,
 * and pausing and resuming on an invoice and on a customer.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
/** A customer of the sample company with an open balance. */
let customer: { id: string; name: string };

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "reminders", firstName: "Remy" });
  const { QueryResponse } = await sandboxQuery<{
    QueryResponse: {
      Customer: { Id: string; DisplayName: string; PrimaryEmailAddr?: { Address: string } }[];
    };
  }>(user.realmId, "select * from Customer where Balance > '0'");
  const withEmail = QueryResponse.Customer.find((c) => c.PrimaryEmailAddr?.Address)!;
  customer = { id: withEmail.Id, name: withEmail.DisplayName };
});

async function storedSettings() {
  const res = await stack().call("GET", `${apiPaths.reminders.settings}?companyId=${user.companyId}`, {
    token: user.token,
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${res.text}`);
  return res.json.data as { enabled: boolean; sendTime: string; weekdaysOnly: boolean };
}

const reminderSwitch = (page: Page) => page.getByRole("switch", { name: "Send reminders automatically" });
const rowMenus = (scope: Page | Locator) => scope.getByRole("button", { name: /^Reminders for invoice / });
const rowOf = (menu: Locator) => menu.locator("xpath=ancestor::tr");

/** Opens a row's reminder menu and chooses `item`. */
async function chooseFromRow(page: Page, menu: Locator, item: string) {
  await menu.click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** In the open 'Send reminder now' dialog: a subject of its own, a line added, 'Send'; answers recipient and subject. */
async function sendFromDialog(page: Page, tag: string) {
  const dialog = page.getByRole("dialog", { name: "Send reminder now" });
  const subject = dialog.getByLabel("Subject", { exact: true });
  await visible(subject);
  expect(await subject.inputValue()).not.toBe("");
  const to = await dialog.getByLabel("To", { exact: true }).inputValue();
  const cc = await dialog.getByLabel("CC", { exact: true }).inputValue();
  const unique = `${tag} ${Date.now().toString(36)}`;
  await subject.fill(unique);
  await dialog.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(`Sent from the browser test (${unique}).`);
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await visible(toast(page, `Reminder sent. It is on its way to ${to}${cc ? `, copied to ${cc}` : ""}.`));
  return { to, subject: unique };
}

describe("reminders in the browser", () => {
  it("the switch starts off, shows what would go out, and turns on only when confirmed", async () => {
    const { context, page, problems } = await signedIn(browser(), user);
    expect((await storedSettings()).enabled).toBe(false);
    await page.goto("/email-templates");
    await visible(page.getByRole("heading", { name: "Automatic Reminders" }));
    expect(await reminderSwitch(page).getAttribute("aria-checked")).toBe("false");
    expect(await page.getByLabel("Send time", { exact: true }).inputValue()).toBe("09:00");
    expect(await page.getByRole("switch", { name: "Weekdays only" }).getAttribute("aria-checked")).toBe(
      "true",
    );

    // Turning on asks first, with what would go out; Cancel leaves it off.
    await reminderSwitch(page).click();
    const dialog = page.getByRole("alertdialog", { name: "Turn on automatic reminders?" });
    await visible(dialog.getByText(/(will go out (now|at)|No reminder is due at the next send time)/));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await reminderSwitch(page).getAttribute("aria-checked")).toBe("false");
    expect((await storedSettings()).enabled).toBe(false);

    await reminderSwitch(page).click();
    await visible(dialog.getByText(/(will go out (now|at)|No reminder is due at the next send time)/));
    await dialog.getByRole("button", { name: "Turn on reminders" }).click();
    await visible(toast(page, "Automatic reminders are on."));
    await expect.poll(() => reminderSwitch(page).getAttribute("aria-checked")).toBe("true");
    expect((await storedSettings()).enabled).toBe(true);
    await page.reload();
    await expect.poll(() => reminderSwitch(page).getAttribute("aria-checked")).toBe("true");

    // The send time and weekdays are saved together; turning off needs no confirmation.
    await page.getByLabel("Send time", { exact: true }).fill("10:30");
    await page.getByRole("switch", { name: "Weekdays only" }).click();
    await page.getByRole("button", { name: "Save schedule" }).click();
    await visible(toast(page, "Reminder settings saved."));
    expect(await storedSettings()).toMatchObject({ enabled: true, sendTime: "10:30", weekdaysOnly: false });
    await reminderSwitch(page).click();
    await visible(toast(page, "Automatic reminders are off."));
    expect((await storedSettings()).enabled).toBe(false);

    await visible(page.getByRole("heading", { name: "Upcoming reminders" }));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Send reminder now' on an invoice: the rendered email, edited, lands in the mail sandbox", async () => {
    const { context, page, problems } = await signedIn(browser(), user);
    await page.goto("/invoices?status=overdue");
    await settle(page);
    const menu = rowMenus(page).first();
    const label = (await menu.getAttribute("aria-label"))!.replace("Reminders for invoice ", "");
    await chooseFromRow(page, menu, "Send reminder now");
    const sent = await sendFromDialog(page, "Invoices page");
    const mail = await stack().mailbox.waitFor(sent.to, new RegExp(sent.subject));
    expect(mail.text).toContain(`Sent from the browser test (${sent.subject}).`);

    // The row now shows the manual reminder as its last one.
    const row = rowOf(page.getByRole("button", { name: `Reminders for invoice ${label}`, exact: true }));
    await expect.poll(() => row.innerText(), { timeout: 25_000 }).toContain("Manual");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Send reminder now' from Customer Details' open invoices", async () => {
    const { context, page, problems } = await signedIn(browser(), user);
    await page.goto(`/customers/${customer.id}`);
    await settle(page);
    const open = page.getByRole("region", { name: "Open invoices", exact: true });
    await chooseFromRow(page, rowMenus(open).first(), "Send reminder now");
    const sent = await sendFromDialog(page, "Customer page");
    await stack().mailbox.waitFor(sent.to, new RegExp(sent.subject));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pauses and resumes an invoice (with a resume date) and a customer", async () => {
    const { context, page, problems } = await signedIn(browser(), user);
    await page.goto("/invoices?status=overdue");
    await settle(page);
    const menu = rowMenus(page).nth(1);
    const label = (await menu.getAttribute("aria-label"))!;
    const row = rowOf(page.getByRole("button", { name: label, exact: true }));

    await chooseFromRow(page, menu, "Pause reminders");
    const dialog = page.getByRole("dialog", { name: /^Pause reminders for invoice / });
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel("Resume on (optional)").fill(until);
    await dialog.getByRole("button", { name: "Pause reminders" }).click();
    await visible(toast(page, "Reminders paused."));
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toMatch(/Paused\s+until/);

    await chooseFromRow(page, page.getByRole("button", { name: label, exact: true }), "Resume reminders");
    await visible(toast(page, "Reminders resumed."));
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).not.toMatch(/Paused/);

    // A customer: until resumed (no date).
    await page.goto(`/customers/${customer.id}`);
    await settle(page);
    const card = page.getByRole("region", { name: "Reminders" });
    await card.getByRole("button", { name: "Pause reminders" }).click();
    await page
      .getByRole("dialog", { name: `Pause reminders for ${customer.name}` })
      .getByRole("button", {
        name: "Pause reminders",
      })
      .click();
    await visible(card.getByText(/^Paused until you resume them/));
    const open = page.getByRole("region", { name: "Open invoices", exact: true });
    await expect.poll(() => open.innerText(), { timeout: 10_000 }).toContain("Customer paused");
    await card.getByRole("button", { name: "Resume reminders" }).click();
    await visible(toast(page, "Reminders resumed."));
    await visible(card.getByRole("button", { name: "Pause reminders" }));
    expect(problems).toEqual([]);
    await context.close();
  });
});
