import { readFileSync } from "node:fs";
import { pdfText } from "@recoup/api/testing";
import { describe, expect, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { sampleForFile, settle } from "./collections-helpers.ts";
import { addressesOf, contactCustomers } from "./contacts-helpers.ts";
import { gone, toast, visible } from "./flows-helpers.ts";

/**
 * Statements of account on Customer Details, against a company synced with the sample QuickBooks
 * company: the PDF downloads with the customer's open invoices, and 'Send statement' asks, then
 * emails it (the mail sandbox catches it with the PDF attached). The monthly setting on Email
 * Templates is saved and read back.
 */
const browser = chromiumForFile();
const synced = sampleForFile("statements", "Stella");

describe("statements of account", () => {
  it("'Download statement' saves the customer's PDF; 'Send statement' emails it to the billing addresses", async () => {
    const customer = (await contactCustomers(synced.user.realmId)).twoAddresses[1]!;
    const open = synced.open.filter((i) => i.CustomerRef.value === customer.Id);
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download statement" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Statement-.+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Statement of account");
    expect(text).toContain(customer.DisplayName);
    for (const invoice of open) expect(text).toContain(`Invoice ${invoice.DocNumber ?? invoice.Id}`);
    expect(text).toMatch(/Balance due \([A-Z]{3}\): /);

    await page.getByRole("button", { name: "Send statement" }).click();
    const dialog = page.getByRole("dialog");
    const addresses = addressesOf(customer);
    const recipients = dialog.getByRole("list", { name: "Recipients" });
    await expect.poll(() => recipients.getByRole("listitem").allInnerTexts()).toEqual(addresses);
    await dialog.getByRole("button", { name: "Send statement" }).click();
    await visible(toast(page, `Statement on its way to ${addresses.join(", ")}.`));
    await gone(dialog);
    const mail = await stack().mailbox.waitFor(addresses[0]!, /^Statement of account/);
    expect(mail.to.map((a) => a.toLowerCase()).sort()).toEqual([...addresses].sort());
    expect(mail.attachments).toEqual([
      expect.objectContaining({ contentType: "application/pdf", filename: expect.stringMatching(/\.pdf$/) }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Send statement' for a customer with no address says why and cannot send", async () => {
    const customer = (await contactCustomers(synced.user.realmId)).unreachable[0]!;
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);
    await page.getByRole("button", { name: "Send statement" }).click();
    const dialog = page.getByRole("dialog");
    await visible(dialog.getByRole("alert").getByText("no billing contact with a working email address"));
    expect(await dialog.getByRole("button", { name: "Send statement" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await gone(dialog);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Email Templates: monthly statements are off by default, and turned on they stay on", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/email-templates");
    await settle(page);
    const card = page.getByRole("region", { name: "Monthly Statements" });
    const toggle = card.getByRole("switch", {
      name: "Send each customer with a balance a statement on the first weekday of each month",
    });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await visible(toast(page, "Monthly statements are on."));
    await visible(card.getByText("automatic reminders are off"));
    await page.reload();
    await settle(page);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(problems).toEqual([]);
    await context.close();
  });
});
