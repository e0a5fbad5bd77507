import { apiPaths, scheduleMessages } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumForFile, logIn, signedIn, stack } from "../browser.ts";
import { axeContext, describeViolations, seriousViolations } from "./axe.ts";
import { bodyRows, sampleForFile, settle } from "./collections-helpers.ts";
import { toast, visible } from "./flows-helpers.ts";

/**
 * Reminder schedules (issue 18) in the browser: a 'Firm' schedule made on the Email Templates page
 * with a stage of its own email, given to a tag; a customer with the tag follows it (Customer
 * Details), can be moved off it; the customers list's column and filter; what a change touches,
 * the server's refusals shown in the form and in the delete dialog, and the schedule's history.
 */
const browser = chromiumForFile();
const synced = sampleForFile("schedules", "Fern");

const section = (page: Page) => page.getByRole("region", { name: "Reminder schedules" });
const stage = (page: Page, n: number) => section(page).getByRole("group", { name: `Stage ${n}` });
const scheduleNow = (page: Page) => page.getByTestId("customer-schedule-now");

/** A call of the reminder schedules API as the file's user; its data. */
async function post(path: string, body: object) {
  const { user } = synced;
  const res = await stack().call("POST", path, {
    token: user.token,
    body: { companyId: user.companyId, ...body },
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.json.data;
}

describe("reminder schedules", () => {
  it("makes 'Firm' with its own email, gives it to a tag, and a tagged customer follows it", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    const customer = synced.overdue[0]!.CustomerRef;

    await page.goto("/email-templates");
    await settle(page);
    await visible(section(page).getByText(scheduleMessages.standard, { exact: true }));
    await section(page).getByRole("button", { name: "New schedule" }).click();
    await section(page).getByLabel("Name", { exact: true }).fill("Firm");
    // The first stage: 2 days after the due date, with its own email (edited and previewed).
    await stage(page, 1).getByLabel("When").selectOption({ label: "After the due date" });
    await stage(page, 1).getByLabel("Days after").fill("2");
    await stage(page, 1).getByLabel("Email").selectOption({ label: "Its own email" });
    await stage(page, 1).getByLabel("Subject").fill("Firm reminder: invoice {invoice_number}");
    await expect
      .poll(() => stage(page, 1).getByTestId("preview-subject").innerText(), { timeout: 10_000 })
      .toMatch(/^Firm reminder: invoice \S+$/);
    // A repeating second stage, every 15 days.
    await section(page).getByRole("button", { name: "Add stage" }).click();
    await stage(page, 2).getByLabel("When").selectOption({ label: "Repeating" });
    await stage(page, 2).getByRole("button", { name: "Every 15 days" }).click();
    expect(await stage(page, 2).getByLabel("Every (days)").inputValue()).toBe("15");
    // Its own email too: the first stage's closes, keeping what was typed in it.
    await stage(page, 2).getByLabel("Email").selectOption({ label: "Its own email" });
    await stage(page, 2).getByLabel("Subject").fill("Firm follow-up: {days_overdue} days late");
    await visible(
      stage(page, 1).getByText("Subject: Firm reminder: invoice {invoice_number}", { exact: true }),
    );
    await section(page).getByLabel("New tag").fill("firm-tag");
    await section(page).getByLabel("New tag").press("Enter");
    await section(page).getByRole("button", { name: "Save schedule" }).click();
    await visible(toast(page, scheduleMessages.saved));
    const stages = section(page).getByRole("list", { name: "Stages of Firm" });
    await visible(stages.getByText("2 days after the due date"));
    await visible(stages.getByText('Own email: "Firm reminder: invoice {invoice_number}"'));
    await visible(stages.getByText("Every 15 days from 9 days after the due date"));
    await visible(stages.getByText('Own email: "Firm follow-up: {days_overdue} days late"'));
    await visible(section(page).getByText("firm-tag", { exact: true }));

    // A tagged customer follows it, by the tag; their own choice wins, and can go back to the tag.
    await page.goto(`/customers/${customer.value}`);
    await settle(page);
    await expect
      .poll(() => scheduleNow(page).innerText())
      .toBe("Follows Standard schedule, the company default.");
    await page.getByLabel("New tag").fill("firm-tag");
    await page.getByLabel("New tag").press("Enter");
    await expect.poll(() => scheduleNow(page).innerText()).toBe('Follows Firm, from tag "firm-tag".');
    const choice = page.getByLabel("Schedule", { exact: true });
    await choice.selectOption({ label: scheduleMessages.dontChase });
    await expect.poll(() => scheduleNow(page).innerText()).toMatch(/^Not chased/);
    await choice.selectOption({ label: scheduleMessages.byTagOrDefault });
    await expect.poll(() => scheduleNow(page).innerText()).toBe('Follows Firm, from tag "firm-tag".');

    // The customers list: the column, and the filter in the URL (before the page and the count).
    await page.goto(`/customers?q=${encodeURIComponent(customer.name)}`);
    await visible(
      page.getByRole("row").filter({ hasText: customer.name }).getByText("Firm", { exact: true }),
    );
    await page.goto("/customers");
    await settle(page);
    await page.getByLabel("Reminder schedule").selectOption({ label: "Firm" });
    await expect.poll(() => new URL(page.url()).searchParams.get("schedule")).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await visible(bodyRows(page).getByText(customer.name));
    await visible(page.getByText("1 customer", { exact: true }));
    await page.getByLabel("Reminder schedule").selectOption({ label: scheduleMessages.notChased });
    await visible(
      page.getByText("No customer with an open balance follows this schedule.", { exact: false }),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows what an edit touches, the server's refusals, and the history", async () => {
    // 'Steady': two stages, a tag, and a customer of its own.
    const steady = await post(apiPaths.reminderSchedules.save, {
      name: "Steady",
      stages: [
        { timing: { kind: "after", days: 2 }, template: { type: "after_due_date" } },
        { timing: { kind: "after", days: 9 }, template: { type: "after_due_date" } },
      ],
    });
    await post(apiPaths.reminderSchedules.assignTag, { tag: "steady-tag", scheduleId: steady.id });
    // Not the first test's customer: the tests run in any order.
    const first = synced.overdue[0]!.CustomerRef.value;
    const customerRef = synced.overdue.find((i) => i.CustomerRef.value !== first)!.CustomerRef.value;
    await post(apiPaths.reminderSchedules.assignCustomer, { customerRef, schedule: steady.id });
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/email-templates");
    await settle(page);
    await section(page).getByRole("button", { name: "Edit Steady" }).click();
    // A second stage on the first one's day: the server names the stage.
    await stage(page, 2).getByLabel("When").selectOption({ label: "After the due date" });
    await stage(page, 2).getByLabel("Days after").fill("2");
    await section(page).getByRole("button", { name: "Save schedule" }).click();
    const dialog = page.getByRole("alertdialog");
    await visible(dialog.getByText("This change touches 1 customer and", { exact: false }));
    await dialog.getByRole("button", { name: "Save schedule" }).click();
    await visible(section(page).getByText("Stage 2: another stage falls on the same day.", { exact: true }));
    await section(page).getByRole("button", { name: "Remove Stage 2" }).click();
    await section(page).getByRole("button", { name: "Save schedule" }).click();
    await dialog.getByRole("button", { name: "Save schedule" }).click();
    await visible(toast(page, scheduleMessages.saved));

    await section(page).getByRole("button", { name: "History of Steady" }).click();
    const history = section(page).getByRole("list", { name: "Changes to Steady" });
    await visible(history.getByText("stages changed (2 to 1)", { exact: false }));
    await visible(history.getByText("Created", { exact: true }));
    await visible(history.getByText(synced.user.name, { exact: false }).first());

    // In use by a customer and a tag: deleting is refused with the server's reason.
    await section(page).getByRole("button", { name: "Delete Steady" }).click();
    await visible(dialog.getByText("This change touches 1 customer and", { exact: false }));
    await dialog.getByRole("button", { name: "Delete schedule" }).click();
    await visible(dialog.getByText(scheduleMessages.inUse(1, 1), { exact: true }));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`the editor with a stage's own email, and a customer's schedule, pass axe (${theme})`, async () => {
      await post(apiPaths.reminderSchedules.save, {
        name: `Axe ${theme}`,
        stages: [{ timing: { kind: "on" }, template: { subject: "Due today", content: "<p>Hello</p>" } }],
      });
      const { context, page } = await axeContext(browser(), theme);
      await logIn(page, synced.user);
      await page.goto("/email-templates");
      await settle(page);
      await section(page)
        .getByRole("button", { name: `Edit Axe ${theme}` })
        .click();
      await stage(page, 1).getByRole("button", { name: "Edit email" }).click();
      await visible(stage(page, 1).getByTestId("preview-subject"));
      const found = describeViolations(`schedule editor (${theme})`, await seriousViolations(page));
      await page.goto(`/customers/${synced.overdue[0]!.CustomerRef.value}`);
      await settle(page);
      found.push(...describeViolations(`customer details (${theme})`, await seriousViolations(page)));
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
