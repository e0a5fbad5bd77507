import { apiPaths, errorCodes, templateMessages, templateNames, templateTypes } from "@recoup/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile, type CompanyUser, createCompany } from "./kit/index.ts";

const t = appForFile();
let ada: CompanyUser;
let otto: CompanyUser;

beforeAll(async () => {
  ada = await createCompany(t, { firstName: "Ada", companyName: "Lovelace & Co" });
  otto = await createCompany(t, { firstName: "Otto" });
});

const templatesOf = (u: typeof ada) =>
  t.call("GET", `${apiPaths.templates.list}?companyId=${u.companyId}`, { token: u.token });

describe("email templates", () => {
  it("lists the spec's three defaults with its names, then 'Missed Promise', and the default interval of 7 days", async () => {
    const res = await templatesOf(ada);
    expect(res.status).toBe(200);
    const { templates, followUpInterval } = res.json.data;
    expect(templates.map((x: { type: string }) => x.type)).toEqual([...templateTypes]);
    expect(templates.map((x: { name: string }) => x.name)).toEqual([
      "Before Due Date Reminder",
      "Due Date Notification",
      "Overdue Payment Notice",
      "Missed Promise",
    ]);
    expect(templates.map((x: { name: string }) => x.name)).toEqual(
      templateTypes.map((k) => templateNames[k]),
    );
    for (const x of templates) expect(x.content).toContain("{invoice_number}");
    expect(followUpInterval).toBe("7");
  });

  it("saves a template with its HTML sanitised, answering the spec's message, and keeps it", async () => {
    const content = `<p onclick="steal()">Hi <b>{customer_name}</b></p><script>alert(1)</script><a href="javascript:alert(2)">pay</a><a href="https://pay.example.com">link</a>`;
    const res = await t.call("POST", apiPaths.templates.save, {
      token: ada.token,
      body: {
        companyId: ada.companyId,
        type: "on_due_date",
        subject: "Due today: {invoice_number}",
        content,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Template saved successfully!");
    expect(res.json.message).toBe(templateMessages.saved);
    const saved = res.json.data.content as string;
    expect(saved).toContain("<b>{customer_name}</b>");
    expect(saved).not.toMatch(/script|onclick|javascript:/);
    expect(saved).toContain('href="https://pay.example.com"');

    const again = (await templatesOf(ada)).json.data.templates.find(
      (x: { type: string }) => x.type === "on_due_date",
    );
    expect(again).toMatchObject({
      subject: "Due today: {invoice_number}",
      content: saved,
      name: "Due Date Notification",
    });
    // Another company's templates are untouched.
    const other = (await templatesOf(otto)).json.data.templates.find(
      (x: { type: string }) => x.type === "on_due_date",
    );
    expect(other.subject).not.toBe("Due today: {invoice_number}");
  });

  it("stores the follow-up interval (7, 15 or 30) with the 'Current Setting' text", async () => {
    const res = await t.call("POST", apiPaths.templates.followUpInterval, {
      token: ada.token,
      body: { companyId: ada.companyId, followUpInterval: "15" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      followUpInterval: "15",
      currentSetting: "Follow-up emails will be sent every 15 days",
    });
    expect((await templatesOf(ada)).json.data.followUpInterval).toBe("15");
    const bad = await t.call("POST", apiPaths.templates.followUpInterval, {
      token: ada.token,
      body: { companyId: ada.companyId, followUpInterval: "10" },
    });
    expect(bad.status).toBe(400);
  });

  it("refuses another company's templates (403) and anonymous callers (401)", async () => {
    const foreign = `?companyId=${otto.companyId}`;
    expect((await t.call("GET", `${apiPaths.templates.list}${foreign}`, { token: ada.token })).status).toBe(
      403,
    );
    const save = await t.call("POST", apiPaths.templates.save, {
      token: ada.token,
      body: { companyId: otto.companyId, type: "on_due_date", subject: "x", content: "<p>x</p>" },
    });
    expect(save.status).toBe(403);
    for (const [path, body] of [
      [apiPaths.templates.followUpInterval, { companyId: otto.companyId, followUpInterval: "30" }],
      [apiPaths.templates.preview, { companyId: otto.companyId, type: "on_due_date" }],
      [apiPaths.templates.sendTest, { companyId: otto.companyId, type: "on_due_date" }],
    ] as const) {
      expect((await t.call("POST", path, { token: ada.token, body })).status).toBe(403);
    }
    expect((await t.call("GET", `${apiPaths.templates.list}${foreign}`)).status).toBe(401);
    expect((await templatesOf(otto)).json.data.followUpInterval).toBe("7");
  });

  it("previews an unsaved edit with sample values when there is no open invoice, escaping nothing twice", async () => {
    const res = await t.call("POST", apiPaths.templates.preview, {
      token: ada.token,
      body: {
        companyId: ada.companyId,
        type: "after_due_date",
        subject: "{company_name}: {invoice_number}",
        content: "<p>{customer_name} owes {invoice_amount}, due {due_date}</p><script>x()</script>",
      },
    });
    expect(res.status).toBe(200);
    const { email, invoice, values } = res.json.data;
    expect(invoice).toBeNull();
    expect(email.subject).toBe("Lovelace & Co: 1001");
    expect(email.html).toContain("Sample Customer owes $1,250.00");
    expect(email.html).toContain("Lovelace &amp; Co");
    expect(email.html).not.toContain("<script>");
    expect(email.text).toContain("Sample Customer owes $1,250.00");
    expect(values.company_name).toBe("Lovelace & Co");
  });

  it("emails a test to the signed-in user only, from the company's name", async () => {
    const res = await t.call("POST", apiPaths.templates.sendTest, {
      token: ada.token,
      body: { companyId: ada.companyId, type: "before_due_date" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.sentTo).toBe(ada.email);
    const mail = await t.mailbox.waitFor(ada.email, /^\[Test\] Friendly reminder: invoice 1001/);
    expect(mail.headers.from).toContain("Lovelace & Co");
    expect(mail.headers.from).toContain("<no-reply@recoup.local>");
    expect(mail.headers["reply-to"]).toContain(ada.email);
    expect(mail.html).toContain("Sample Customer");
  });
});

describe("reminder settings", () => {
  const settingsOf = (u: typeof ada) =>
    t.call("GET", `${apiPaths.reminders.settings}?companyId=${u.companyId}`, { token: u.token });
  const save = (u: typeof ada, body: Record<string, unknown>) =>
    t.call("POST", apiPaths.reminders.settings, {
      token: u.token,
      body: { companyId: u.companyId, ...body },
    });

  it("are off for a new company: 09:00, weekdays only", async () => {
    const res = await settingsOf(otto);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      enabled: false,
      sendTime: "09:00",
      weekdaysOnly: true,
      timezone: "UTC",
      blocked: null,
    });
  });

  it("turn on only with confirm: true, after answering what would go out", async () => {
    const unconfirmed = await save(ada, { enabled: true, sendTime: "10:30", weekdaysOnly: false });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.json.error.code).toBe(errorCodes.confirmationRequired);
    expect(unconfirmed.json.error.details).toMatchObject({ count: 0, recipients: 0, reminders: [] });
    expect((await settingsOf(ada)).json.data.enabled).toBe(false);

    const confirmed = await save(ada, {
      enabled: true,
      sendTime: "10:30",
      weekdaysOnly: false,
      confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data).toMatchObject({ enabled: true, sendTime: "10:30", weekdaysOnly: false });
    // Changing the time while on, or turning off, needs no confirmation.
    expect((await save(ada, { enabled: true, sendTime: "11:00", weekdaysOnly: true })).status).toBe(200);
    const off = await save(ada, { enabled: false, sendTime: "11:00", weekdaysOnly: true });
    expect(off.json.data.enabled).toBe(false);
  });

  it("refuse a send time at or after the window's close (18:00) and another company's settings", async () => {
    expect((await save(ada, { enabled: false, sendTime: "18:00", weekdaysOnly: true })).status).toBe(400);
    expect((await save(ada, { enabled: false, sendTime: "9:00", weekdaysOnly: true })).status).toBe(400);
    const foreign = await t.call("POST", apiPaths.reminders.settings, {
      token: ada.token,
      body: {
        companyId: otto.companyId,
        enabled: true,
        sendTime: "09:00",
        weekdaysOnly: true,
        confirm: true,
      },
    });
    expect(foreign.status).toBe(403);
    expect(
      (
        await t.call("GET", `${apiPaths.reminders.settings}?companyId=${otto.companyId}`, {
          token: ada.token,
        })
      ).status,
    ).toBe(403);
    expect((await settingsOf(otto)).json.data.enabled).toBe(false);
  });
});
