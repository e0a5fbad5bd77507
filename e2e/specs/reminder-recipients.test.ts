import { apiPaths, recipientMessages } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { sampleForFile, settle } from "./collections-helpers.ts";
import { threadUrl } from "./communications-helpers.ts";
import { contactCustomers } from "./contacts-helpers.ts";
import { gone, toast, visible } from "./flows-helpers.ts";

/**
 * Who gets a reminder (decision 0018) in the browser: a 'Copy always' contact added on Customer
 * Details is copied on 'Send reminder now' (CC in the mail sandbox and in the thread), the dialog's
 * To and CC are checked and can be changed for one send, and the escalation setting on Email Templates.
 */
const browser = chromiumForFile();
const synced = sampleForFile("reminder-recipients", "Rhea");

const lower = (list: readonly string[]) => list.map((a) => a.toLowerCase());

/** Opens 'Send reminder now' for the customer's first open invoice on Customer Details; answers the dialog and the invoice's "#1042". */
async function openSendDialog(page: Page) {
  const menu = page.getByRole("button", { name: /^Reminders for invoice / }).first();
  const label = (await menu.getAttribute("aria-label"))!.replace("Reminders for invoice ", "");
  await menu.click();
  await page.getByRole("menuitem", { name: "Send reminder now" }).click();
  const dialog = page.getByRole("dialog", { name: "Send reminder now" });
  await visible(dialog.getByLabel("Subject", { exact: true }));
  return Object.assign(dialog, { label });
}

describe("reminder recipients", () => {
  it("a 'Copy always' contact added on Customer Details is copied; To and CC can be changed for one send", async () => {
    const customer = (await contactCustomers(synced.user.realmId)).twoAddresses[1]!;
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);

    const card = page.getByRole("region", { name: "Contacts" });
    await card.getByRole("button", { name: "Add contact" }).click();
    const add = page.getByRole("dialog");
    await add.getByLabel("Name (optional)").fill("Pat Payables");
    await add.getByLabel("Email address").fill("pat.rhea@example.com");
    await add.getByLabel("Role").selectOption({ label: "Copy always" });
    await add.getByRole("button", { name: "Add contact" }).click();
    await visible(toast(page, "Contact added"));
    await gone(add);

    // The dialog shows To and CC as the rules give them.
    let dialog = await openSendDialog(page);
    const to = dialog.getByLabel("To", { exact: true });
    const cc = dialog.getByLabel("CC", { exact: true });
    const ruleTo = await to.inputValue();
    expect(ruleTo).not.toBe("");
    expect((await cc.inputValue()).split(", ")).toContain("pat.rhea@example.com");
    const subject = dialog.getByLabel("Subject", { exact: true });
    const first = `Copied ${Date.now().toString(36)}`;
    await subject.fill(first);
    const ccText = await cc.inputValue();
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await visible(toast(page, `Reminder sent. It is on its way to ${ruleTo}, copied to ${ccText}.`));
    await gone(dialog);
    const copied = await stack().mailbox.waitFor("pat.rhea@example.com", new RegExp(first));
    expect(lower(copied.to)).toEqual(ruleTo.split(", "));
    expect(lower(copied.cc)).toContain("pat.rhea@example.com");

    // Bad input is named before anything goes; then another To and CC for this send only.
    dialog = await openSendDialog(page);
    const send = dialog.getByRole("button", { name: "Send", exact: true });
    await dialog.getByLabel("CC", { exact: true }).fill("not-an-address");
    await visible(dialog.getByText(recipientMessages.invalid("CC")));
    expect(await send.isDisabled()).toBe(true);
    await dialog
      .getByLabel("CC", { exact: true })
      .fill(Array.from({ length: 11 }, (_, i) => `copy${i}@example.com`).join(", "));
    await visible(dialog.getByText("CC: at most 10 addresses. Remove some to send."));
    await dialog.getByLabel("To", { exact: true }).fill("");
    await visible(dialog.getByText(recipientMessages.toRequired));
    await dialog.getByLabel("To", { exact: true }).fill("someone.else@example.com");
    await dialog.getByLabel("CC", { exact: true }).fill("boss.rhea@example.com");
    const second = `Chosen ${Date.now().toString(36)}`;
    await dialog.getByLabel("Subject", { exact: true }).fill(second);
    await send.click();
    await visible(
      toast(
        page,
        "Reminder sent. It is on its way to someone.else@example.com, copied to boss.rhea@example.com.",
      ),
    );
    const chosen = await stack().mailbox.waitFor("someone.else@example.com", new RegExp(second));
    expect(lower(chosen.cc)).toEqual(["boss.rhea@example.com"]);

    // The thread shows whom each email really went to.
    const invoice = synced.open.find((i) => `#${i.DocNumber}` === dialog.label)!;
    await page.goto(threadUrl({ invoiceId: invoice.Id, customerRef: customer.Id }));
    await settle(page);
    const emails = page.getByRole("region", { name: "Emails" }).getByTestId("thread-email");
    const copiedEmail = emails.filter({ hasText: first });
    await visible(copiedEmail.getByText(`CC ${ccText}`, { exact: true }));
    await visible(emails.filter({ hasText: second }).getByText("CC boss.rhea@example.com", { exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Email Templates: 'Copy escalation contacts from the Nth overdue reminder', Off by default", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/email-templates");
    await visible(page.getByRole("heading", { name: "Automatic Reminders" }));
    const select = page.getByRole("combobox", { name: /^Copy escalation contacts from the/ });
    expect(await select.innerText()).toBe("Off");
    await visible(page.getByText("Off: 'Escalation' contacts are never copied automatically."));
    await select.click();
    await page.getByRole("option", { name: "2nd", exact: true }).click();
    await visible(toast(page, "Reminder settings saved."));
    await visible(
      page.getByRole("combobox", { name: "Copy escalation contacts from the 2nd overdue reminder" }),
    );
    await page.reload();
    await visible(
      page.getByRole("combobox", { name: "Copy escalation contacts from the 2nd overdue reminder" }),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Email Templates: 'Combine a customer's reminders into one email', on for a new company, turned off and kept", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/email-templates");
    await visible(page.getByRole("heading", { name: "Automatic Reminders" }));
    const combine = page.getByRole("switch", { name: "Combine a customer's reminders into one email" });
    expect(await combine.getAttribute("aria-checked")).toBe("true");
    await visible(page.getByText(/one email lists them all with totals per currency/));
    await combine.click();
    await visible(toast(page, "Reminder settings saved."));
    const stored = async () =>
      (
        await stack().call("GET", `${apiPaths.reminders.settings}?companyId=${synced.user.companyId}`, {
          token: synced.user.token,
        })
      ).json.data.combineReminders;
    await expect.poll(stored).toBe(false);
    await page.reload();
    await visible(page.getByRole("heading", { name: "Automatic Reminders" }));
    expect(await combine.getAttribute("aria-checked")).toBe("false");
    await combine.click();
    await expect.poll(stored).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
