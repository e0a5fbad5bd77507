import { type ConnectedUser, connectedCompany, createCompany } from "@recoup/api/testing";
import { apiPaths, type TemplatesResponse, templateTypes } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { expectTitle, holdRequests, toast, visible } from "./flows-helpers.ts";

/**
 * The Email Templates page against a company synced with the sample QuickBooks company: every
 * element and text of the spec's Email Templates screen and editor states, made real (stored on
 * the server, previewed with a real open invoice).
 */
const browser = chromiumForFile();
let user: ConnectedUser;

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "templates", firstName: "Tess" });
});

/** The templates as the API stores them (not as the page shows them). */
async function storedTemplates(): Promise<TemplatesResponse["data"]> {
  const res = await stack().call("GET", `${apiPaths.templates.list}?companyId=${user.companyId}`, {
    token: user.token,
  });
  if (res.status !== 200) throw new Error(`templates: ${res.status} ${res.text}`);
  return res.json.data;
}

async function openPage(as: Pick<ConnectedUser, "email" | "password"> = user) {
  const made = await signedIn(browser(), as);
  await made.page.goto("/email-templates");
  await expectTitle(made.page, "Email Templates");
  await visible(made.page.getByRole("button", { name: "Edit Template" }));
  return made;
}

const tile = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}`) });
const editorTitle = (page: Page) => page.locator("#template-editor-title");
const subjectInput = (page: Page) => page.getByPlaceholder("Enter email subject...");
const body = (page: Page) => page.getByRole("textbox", { name: "Body" });
const storedSubject = (page: Page) => page.getByTestId("template-subject");
type EditorState = { doc: { textBetween(from: number, to: number): string }; selection: { from: number } };
/** The editor's own text before its cursor (Tiptap keeps the editor on its element). */
const textBeforeCursor = (page: Page) =>
  body(page).evaluate((el) => {
    const { state } = (el as HTMLElement & { editor: { state: EditorState } }).editor;
    return state.doc.textBetween(0, state.selection.from);
  });
/** The text of the read-only body (a sandboxed frame). */
const frameText = (page: Page, title: string) =>
  page.frameLocator(`iframe[title="${title}"]`).locator("body").innerText();

describe("Email Templates page", () => {
  it("shows the spec's tiles and Missed Promise, view mode, edit mode, toolbar, variables and interval", async () => {
    const { context, page, problems } = await openPage();
    const stored = await storedTemplates();
    expect(stored.templates.map((t) => t.type)).toEqual(templateTypes);
    await visible(page.getByRole("heading", { level: 1, name: "Email Templates" }));
    const tiles = ["Before Due Date", "On Due Date", "After Due Date", "Missed Promise"];
    for (const name of tiles) await visible(tile(page, name));
    expect(
      await page.getByRole("region", { name: "Template Selection" }).locator("button[aria-pressed]").count(),
    ).toBe(4);
    expect(await tile(page, "Before Due Date").getAttribute("aria-pressed")).toBe("true");
    await visible(tile(page, "Before Due Date").getByText("Selected", { exact: true }));
    expect(await page.getByText("Selected", { exact: true }).count()).toBe(1);

    // View mode: the stored subject and the body, read-only, titled with the template's name.
    expect(await editorTitle(page).innerText()).toBe("Before Due Date Reminder");
    const before = stored.templates.find((t) => t.type === "before_due_date")!;
    expect(await storedSubject(page).innerText()).toBe(before.subject);
    expect(await page.locator('iframe[title="Before Due Date Reminder body"]').getAttribute("sandbox")).toBe(
      "",
    );
    await visible(page.getByRole("heading", { name: "Available Variables" }));
    for (const v of [
      "customer_name",
      "invoice_number",
      "invoice_amount",
      "due_date",
      "company_name",
      "days_overdue",
    ]) {
      await visible(page.getByText(`{${v}}`, { exact: true }).first());
    }

    // Edit mode: Cancel, Save, the subject input, the toolbar, the editor 250 to 500 px.
    await page.getByRole("button", { name: "Edit Template" }).click();
    await visible(page.getByRole("button", { name: "Cancel", exact: true }));
    await visible(page.getByRole("button", { name: "Save", exact: true }));
    expect(await subjectInput(page).inputValue()).toBe(before.subject);
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    for (const name of ["Bold", "Italic", "Underline", "Bullet list", "Numbered list"]) {
      await visible(toolbar.getByRole("button", { name, exact: true }));
    }
    await body(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Short.");
    expect((await body(page).boundingBox())!.height).toBeGreaterThanOrEqual(250);
    for (let i = 0; i < 40; i++) await page.keyboard.press("Enter");
    const tall = await body(page).evaluate((el) => ({ height: el.clientHeight, content: el.scrollHeight }));
    expect(tall.height).toBeLessThanOrEqual(500);
    expect(tall.content).toBeGreaterThan(tall.height);

    // Follow-up Interval: 7 by default, with the spec's 'Current Setting' line.
    await visible(page.getByRole("heading", { name: "Follow-up Interval" }));
    await visible(page.getByText("Current Setting", { exact: true }));
    await visible(page.getByText("Follow-up emails will be sent every 7 days", { exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("saves a template with variables inserted at the cursor; it survives a reload", async () => {
    const { context, page, problems } = await openPage();
    await page.getByRole("button", { name: "Edit Template" }).click();

    // The subject: the variable goes where the cursor is, not at the end.
    await subjectInput(page).fill("Invoice  is due soon");
    await subjectInput(page).press("Home");
    for (let i = 0; i < "Invoice ".length; i++) await subjectInput(page).press("ArrowRight");
    await page.getByRole("button", { name: "Insert {invoice_number}" }).click();
    expect(await subjectInput(page).inputValue()).toBe("Invoice {invoice_number} is due soon");

    // The body: bold text, then a variable at the cursor (before the comma).
    await body(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Hello ,");
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("button", { name: "Insert {customer_name}" }).click();
    await expect.poll(() => body(page).innerText()).toBe("Hello {customer_name},");
    // Keys pressed within a few ms of a programmatic insert can outrun Chromium's selectionchange
    // event (a person's cannot): each key waits until the editor has read where the cursor is.
    await expect.poll(() => textBeforeCursor(page)).toBe("Hello {customer_name}");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => textBeforeCursor(page)).toBe("Hello {customer_name},");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bold", exact: true }).click();
    expect(await page.getByRole("button", { name: "Bold", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await page.keyboard.type("Please pay today.");
    expect(await body(page).innerText()).toContain("Hello {customer_name},");

    // Save: 'Saving...' while it goes, then the spec's message and view mode.
    const release = await holdRequests(page, `**${apiPaths.templates.save}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await visible(page.getByRole("button", { name: "Saving...", exact: true }));
    release();
    await visible(toast(page, "Template saved successfully!"));
    await visible(page.getByRole("button", { name: "Edit Template" }));
    expect(await storedSubject(page).innerText()).toBe("Invoice {invoice_number} is due soon");

    const stored = (await storedTemplates()).templates.find((t) => t.type === "before_due_date")!;
    expect(stored.subject).toBe("Invoice {invoice_number} is due soon");
    expect(stored.content).toContain("Hello {customer_name},");
    expect(stored.content).toMatch(/<strong>Please pay today\.<\/strong>/);

    await page.reload();
    await visible(page.getByRole("button", { name: "Edit Template" }));
    expect(await storedSubject(page).innerText()).toBe("Invoice {invoice_number} is due soon");
    await expect
      .poll(() => frameText(page, "Before Due Date Reminder body"), { timeout: 10_000 })
      .toContain("Hello {customer_name},");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Cancel restores what is stored; switching tiles loads that template", async () => {
    const { context, page, problems } = await openPage();
    const stored = await storedTemplates();
    const subjectOf = (type: string) => stored.templates.find((t) => t.type === type)!.subject;

    await page.getByRole("button", { name: "Edit Template" }).click();
    await subjectInput(page).fill("Not kept");
    await body(page).click();
    await page.keyboard.type(" Not kept either.");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await visible(page.getByRole("button", { name: "Edit Template" }));
    expect(await storedSubject(page).innerText()).toBe(subjectOf("before_due_date"));
    await page.getByRole("button", { name: "Edit Template" }).click();
    expect(await subjectInput(page).inputValue()).toBe(subjectOf("before_due_date"));
    expect(await body(page).innerText()).not.toContain("Not kept either.");

    // Switching while editing loads the other template into the editor.
    await tile(page, "On Due Date").click();
    expect(await tile(page, "On Due Date").getAttribute("aria-pressed")).toBe("true");
    await visible(tile(page, "On Due Date").getByText("Selected", { exact: true }));
    expect(await editorTitle(page).innerText()).toBe("Due Date Notification");
    await expect.poll(() => subjectInput(page).inputValue()).toBe(subjectOf("on_due_date"));
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    await tile(page, "After Due Date").click();
    expect(await editorTitle(page).innerText()).toBe("Overdue Payment Notice");
    expect(await storedSubject(page).innerText()).toBe(subjectOf("after_due_date"));

    // The fourth template, sent once when a promised date passes unpaid, is edited like the others.
    await tile(page, "Missed Promise").click();
    expect(await editorTitle(page).innerText()).toBe("Missed Promise");
    expect(await storedSubject(page).innerText()).toBe(subjectOf("missed_promise"));
    await page.getByRole("button", { name: "Edit Template" }).click();
    await expect.poll(() => subjectInput(page).inputValue()).toBe(subjectOf("missed_promise"));
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a failed save shows the spec's message and stays in edit mode", async () => {
    const { context, page } = await openPage();
    await page.route(`**${apiPaths.templates.save}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "INTERNAL_ERROR", message: "boom" } }),
      }),
    );
    await page.getByRole("button", { name: "Edit Template" }).click();
    await subjectInput(page).fill("Will fail");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await visible(toast(page, "Failed to save template. Please try again."));
    expect(await subjectInput(page).inputValue()).toBe("Will fail");
    await visible(page.getByRole("button", { name: "Save", exact: true }));
    await context.close();
  });

  it("keeps only http, https, mailto, sms and tel links; others become a blank address", async () => {
    const { context, page } = await openPage();
    await page.getByRole("button", { name: "Edit Template" }).click();
    await body(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await body(page).evaluate((el) => {
      const data = new DataTransfer();
      data.setData(
        "text/html",
        '<p><a href="javascript:alert(1)">bad</a> <a href="ftp://files.example.com">ftp</a> ' +
          '<a href="https://pay.example.com">pay</a> <a href="mailto:ar@example.com">mail</a> ' +
          '<a href="tel:+15551234567">call</a> <a href="sms:+15551234567">text</a></p>',
      );
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const hrefs = await body(page)
      .locator("a")
      .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(Object.fromEntries(hrefs)).toEqual({
      bad: "",
      ftp: "",
      pay: "https://pay.example.com",
      mail: "mailto:ar@example.com",
      call: "tel:+15551234567",
      text: "sms:+15551234567",
    });
    await context.close();
  });

  it("groups undo history by 1000 ms", async () => {
    const { context, page } = await openPage();
    await page.getByRole("button", { name: "Edit Template" }).click();
    await body(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("First");
    await page.waitForTimeout(1300);
    await page.keyboard.type(" second", { delay: 20 });
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => body(page).innerText()).toBe("First");
    await context.close();
  });

  it("previews with a real open invoice, follows the draft after 300 ms, and sends a test email", async () => {
    const { context, page, problems } = await openPage();
    const preview = page.getByRole("region", { name: "Preview" });
    await visible(preview.getByText(/^Shown with invoice #\S+ for .+ open/));
    const invoiceNumber = /invoice #(\S+) for/.exec(await preview.innerText())![1]!;

    await page.getByRole("button", { name: "Edit Template" }).click();
    await subjectInput(page).fill(`Test {invoice_number} ${Date.now()}`);
    await expect
      .poll(() => page.getByTestId("preview-subject").innerText(), { timeout: 10_000 })
      .toMatch(new RegExp(`^Test ${invoiceNumber} \\d+$`));
    const subject = await page.getByTestId("preview-subject").innerText();

    await page.getByRole("button", { name: "Send test email" }).click();
    await visible(toast(page, `Test email sent to ${user.email}.`));
    const mail = await stack().mailbox.waitFor(user.email, new RegExp(subject.replace(/[#]/g, "\\$&")));
    expect(mail.subject).toContain(subject);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("stores the follow-up interval (7 for a new company): 'Current Setting' follows it, and so does a reload", async () => {
    // A company of its own (no QuickBooks needed): the interval is the company's.
    const fresh = await createCompany(stack(), { label: "interval" });
    const { context, page, problems } = await openPage(fresh);
    await visible(page.getByText("Follow-up emails will be sent every 7 days", { exact: true }));
    await page.getByRole("combobox", { name: "Follow-up Interval" }).click();
    await page.getByRole("option", { name: "15 days" }).click();
    await visible(page.getByText("Follow-up emails will be sent every 15 days", { exact: true }));
    await visible(toast(page, "Follow-up interval saved."));
    await page.reload();
    await visible(page.getByText("Follow-up emails will be sent every 15 days", { exact: true }));
    await page.getByRole("combobox", { name: "Follow-up Interval" }).click();
    await page.getByRole("option", { name: "30 days" }).click();
    await visible(page.getByText("Follow-up emails will be sent every 30 days", { exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });
});
