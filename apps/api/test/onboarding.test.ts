import { onboardingMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { emailTemplates, subscriptions } from "../src/db/schema/index.ts";
import { appForFile, createCompany, createUser } from "./kit/index.ts";

const t = appForFile();

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  company_name: "Blue Harbor Supply",
  company_type: "Corporation",
  company_size: "11-50",
  avg_invoices: 120,
  email,
  timezone: "Europe/London",
  ...extra,
});

it("creates the company, its default templates (the spec's three and 'Missed Promise') and a 14-day trial", async () => {
  const u = await createUser(t);
  const check = await t.call("GET", `/v1/business/onboard/check?email=${encodeURIComponent(u.email)}`, {
    token: u.token,
  });
  expect(check.json).toEqual({ data: { isOnboarded: false, companyId: null } });
  const res = await t.call("POST", "/v1/business/onboard/onboard-user", {
    body: body(u.email),
    token: u.token,
  });
  expect(res.status).toBe(201);
  const { companyId, trialEnd } = res.json.data;
  expect(trialEnd - Date.now() / 1000).toBeGreaterThan(14 * 86400 - 60);
  expect(trialEnd - Date.now() / 1000).toBeLessThan(14 * 86400 + 60);
  const templates = await t.ctx.db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.companyId, companyId));
  expect(templates.map((x) => [x.type, x.name]).sort()).toEqual([
    ["after_due_date", "Overdue Payment Notice"],
    ["before_due_date", "Before Due Date Reminder"],
    ["missed_promise", "Missed Promise"],
    ["on_due_date", "Due Date Notification"],
  ]);
  const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  expect(sub!.status).toBe("trialing");
  const after = await t.call("GET", `/v1/business/onboard/check?email=${encodeURIComponent(u.email)}`, {
    token: u.token,
  });
  expect(after.json).toEqual({ data: { isOnboarded: true, companyId } });
  const details = await t.call("GET", "/v1/auth/user/details", { token: u.token });
  expect(details.json.data).toMatchObject({ isOnboarded: true, companyId });
});

it("refuses a second onboarding", async () => {
  const u = await createCompany(t);
  const res = await t.call("POST", "/v1/business/onboard/onboard-user", {
    body: body(u.email),
    token: u.token,
  });
  expect(res.status).toBe(409);
  expect(res.json.error.code).toBe("ALREADY_ONBOARDED");
});

it("validates each field with a clear message", async () => {
  const u = await createUser(t);
  const res = await t.call("POST", "/v1/business/onboard/onboard-user", {
    body: body(u.email, { company_name: " ", company_type: "Empire", company_size: "", avg_invoices: 2.5 }),
    token: u.token,
  });
  expect(res.status).toBe(400);
  const messages = res.json.error.details.map((d: { message: string }) => d.message);
  expect(messages).toEqual(
    expect.arrayContaining([
      onboardingMessages.companyNameRequired,
      onboardingMessages.companyTypeRequired,
      onboardingMessages.companySizeRequired,
      onboardingMessages.avgInvoicesInvalid,
    ]),
  );
  const tz = await t.call("POST", "/v1/business/onboard/onboard-user", {
    body: body(u.email, { timezone: "Mars/Olympus" }),
    token: u.token,
  });
  expect(tz.status).toBe(400);
  expect(tz.json.error.message).toBe(onboardingMessages.timezoneInvalid);
});

it("refuses another user's email and anonymous calls", async () => {
  const a = await createUser(t);
  const b = await createUser(t);
  const res = await t.call("POST", "/v1/business/onboard/onboard-user", {
    body: body(b.email),
    token: a.token,
  });
  expect(res.status).toBe(403);
  const check = await t.call("GET", `/v1/business/onboard/check?email=${encodeURIComponent(b.email)}`, {
    token: a.token,
  });
  expect(check.status).toBe(403);
  expect(check.text).not.toContain(b.email);
  expect((await t.call("POST", "/v1/business/onboard/onboard-user", { body: body(a.email) })).status).toBe(
    401,
  );
});
