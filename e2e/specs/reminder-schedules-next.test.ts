import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { sampleForFile, settle } from "./collections-helpers.ts";
import { visible } from "./flows-helpers.ts";

/**
 * Issue 18 in the browser, end to end: with reminders on, an overdue invoice's next reminder is the
 * standard schedule's; the user gives the customer the tag that 'Firm' is given to, and the
 * invoice's next reminder and the dashboard's upcoming reminders follow 'Firm' (its stage, its
 * name). 'Firm' repeats every day from the day after the due date, so its next reminder is on the
 * next send day whatever today is.
 */
const browser = chromiumForFile();
const synced = sampleForFile("schedules-next", "Nell");
const FIRM_STAGE = "Firm: Every 1 day from 1 day after due";

async function post(path: string, body: object) {
  const { user } = synced;
  const res = await stack().call("POST", path, {
    token: user.token,
    body: { companyId: user.companyId, ...body },
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.json.data;
}

describe("a schedule given to a tag changes the next reminder", () => {
  it("the customer tagged: the invoice's next reminder and the upcoming list follow 'Firm'", async () => {
    // The retry finds the first attempt's 'Firm'.
    const { user } = synced;
    const listed = await stack().call(
      "GET",
      `${apiPaths.reminderSchedules.list}?companyId=${user.companyId}`,
      {
        token: user.token,
      },
    );
    const made = listed.json.data.schedules.find((s: { name: string }) => s.name === "Firm");
    const firm =
      made ??
      (await post(apiPaths.reminderSchedules.save, {
        name: "Firm",
        stages: [
          {
            timing: { kind: "repeat", days: 1, every: 1 },
            template: { subject: "Firm: invoice {invoice_number}", content: "<p>Please pay today.</p>" },
          },
        ],
      }));
    await post(apiPaths.reminderSchedules.assignTag, { tag: "late payer", scheduleId: firm.id });
    await post(apiPaths.reminders.settings, {
      enabled: true,
      sendTime: "09:00",
      weekdaysOnly: true,
      confirm: true,
    });
    const invoice = synced.overdue.find((i) => i.DocNumber)!;
    const customer = invoice.CustomerRef;

    // The retry starts again from a customer without the tag.
    const untagged = await stack().call("POST", apiPaths.customers.editTags, {
      token: user.token,
      body: { realmId: user.realmId, customerRef: customer.value, tags: [] },
    });
    expect(untagged.status).toBe(200);
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto(`/customers/${customer.value}`);
    await settle(page);
    const row = page.getByRole("row").filter({ hasText: invoice.DocNumber! });
    await visible(row.getByText("Next", { exact: true }));
    expect(await row.innerText()).not.toContain(FIRM_STAGE);

    await page.getByLabel("New tag").fill("late payer");
    await page.getByLabel("New tag").press("Enter");
    await expect
      .poll(() => page.getByTestId("customer-schedule-now").innerText())
      .toBe('Follows Firm, from tag "late payer".');
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(FIRM_STAGE);

    // Email Templates' upcoming reminders, all of them: this customer's follow 'Firm'.
    await page.goto("/email-templates");
    await settle(page);
    await page.getByRole("button", { name: /^Show all/ }).click();
    const upcoming = page
      .getByRole("region", { name: "All upcoming reminders" })
      .getByRole("listitem")
      .filter({ hasText: customer.name });
    await visible(upcoming.getByText("Every 1 day from 1 day after due", { exact: true }).first());
    await visible(upcoming.getByTestId("planned-schedule").filter({ hasText: "Firm" }).first());
    expect(problems).toEqual([]);
    await context.close();
  });
});
