import { contactMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { chromiumForFile, signedIn } from "../browser.ts";
import { sampleForFile, settle } from "./collections-helpers.ts";
import { addressesOf, contactCustomers } from "./contacts-helpers.ts";
import { gone, toast, visible } from "./flows-helpers.ts";

/**
 * Contacts on Customer Details and the dashboard's 'No email address', against a company synced
 * with the sample QuickBooks company (whose addresses are read from the sandbox itself).
 */
const browser = chromiumForFile();
const synced = sampleForFile("customer-contacts", "Cami");

describe("customer contacts", () => {
  it("Customer Details lists QuickBooks' addresses; a contact is added, checked, edited and removed", async () => {
    const { twoAddresses } = await contactCustomers(synced.user.realmId);
    const customer = twoAddresses[0]!;
    const [first, second] = addressesOf(customer) as [string, string];
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);
    const card = page.getByRole("region", { name: "Contacts" });
    const items = card.getByTestId("contact");
    await expect
      .poll(() => items.allInnerTexts())
      .toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
    for (const item of await items.all()) {
      await visible(item.getByText("QuickBooks", { exact: true }));
      await visible(item.getByText("Billing", { exact: true }));
    }
    // QuickBooks owns its addresses: no Remove, and the address cannot be edited.
    expect(await card.getByRole("button", { name: `Remove ${first}` }).count()).toBe(0);
    await card.getByRole("button", { name: `Edit ${first}` }).click();
    const dialog = page.getByRole("dialog");
    await visible(dialog.getByText("From the customer's email in QuickBooks: change it there."));
    expect(await dialog.getByLabel("Email address").isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await gone(dialog);

    await card.getByRole("button", { name: "Add contact" }).click();
    await dialog.getByLabel("Name (optional)").fill("Pat Payables");
    await dialog.getByLabel("Email address").fill("pat@");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await visible(dialog.getByText(contactMessages.addressInvalid));
    await dialog.getByLabel("Email address").fill(second.toUpperCase());
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await visible(dialog.getByText(contactMessages.duplicate));
    await dialog.getByLabel("Email address").fill("Pat@Example.com");
    await dialog.getByLabel("Role").selectOption({ label: "Copy always" });
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await visible(toast(page, "Contact added"));
    await gone(dialog);
    const pat = items.filter({ hasText: "Pat Payables" });
    await visible(pat.getByText("pat@example.com", { exact: true }));
    await visible(pat.getByText("Copy always", { exact: true }));
    expect(await pat.getByText("QuickBooks", { exact: true }).count()).toBe(0);

    await card.getByRole("button", { name: "Edit Pat Payables" }).click();
    await dialog.getByLabel("Role").selectOption({ label: "Escalation" });
    await dialog.getByRole("button", { name: "Save contact" }).click();
    await visible(toast(page, "Contact saved"));
    await visible(pat.getByText("Escalation", { exact: true }));
    await page.reload();
    await settle(page);
    await visible(pat.getByText("Escalation", { exact: true }));

    await card.getByRole("button", { name: "Remove Pat Payables" }).click();
    await dialog.getByRole("button", { name: "Remove contact" }).click();
    await visible(toast(page, "Contact removed"));
    await gone(pat);
    expect(await items.count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the dashboard lists a customer owing money with no email address; its link opens 'Add contact'", async () => {
    const { unreachable } = await contactCustomers(synced.user.realmId);
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/dashboard");
    await settle(page);
    const card = page.getByRole("region", { name: "No email address" });
    // Every customer listed is one the sandbox says reminders cannot reach.
    const names = await card
      .getByRole("listitem")
      .evaluateAll((items) => items.map((li) => li.querySelector("a")?.textContent ?? ""));
    expect(names.length).toBe(Math.min(5, unreachable.length));
    for (const name of names) expect(unreachable.map((c) => c.DisplayName)).toContain(name);
    const customer = unreachable.find((c) => c.DisplayName === names[0])!;
    const link = card.getByRole("link", { name: `Add an address for ${customer.DisplayName}` });
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/customers/${customer.Id}`);
    const dialog = page.getByRole("dialog", { name: "Add contact" });
    await dialog.getByLabel("Email address").fill("accounts@example.com");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await visible(toast(page, "Contact added"));

    await page.goto("/dashboard");
    await settle(page);
    await visible(page.getByRole("region", { name: "Most overdue customers" }));
    expect(await card.getByRole("link", { name: customer.DisplayName, exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
