import { onboardingMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailTemplates, subscriptions } from "../src/db/schema/index.ts";
import { client, createTestApp, signedInUser, type TestApp } from "./harness.ts";

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(() => t?.close());

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  company_name: "Blue Harbor Supply",
  company_type: "Corporation",
  company_size: "11-50",
  avg_invoices: 120,
  email,
  timezone: "Europe/London",
  ...extra,
});

it("creates the company, its three default templates and a 14-day trial", async () => {
  const u = await signedInUser(t);
  const check = await api.get(`/v1/business/onboard/check?email=${encodeURIComponent(u.email)}`, u.token);
  expect(check.json()).toEqual({ data: { isOnboarded: false, companyId: null } });
  const res = await api.post("/v1/business/onboard/onboard-user", body(u.email), u.token);
  expect(res.statusCode).toBe(201);
  const { companyId, trialEnd } = res.json().data;
  expect(trialEnd - Date.now() / 1000).toBeGreaterThan(14 * 86400 - 60);
  expect(trialEnd - Date.now() / 1000).toBeLessThan(14 * 86400 + 60);
  const templates = await t.ctx.db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.companyId, companyId));
  expect(templates.map((x) => [x.type, x.name]).sort()).toEqual([
    ["after_due_date", "Overdue Payment Notice"],
    ["before_due_date", "Before Due Date Reminder"],
    ["on_due_date", "Due Date Notification"],
  ]);
  const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  expect(sub!.status).toBe("trialing");
  const after = await api.get(`/v1/business/onboard/check?email=${encodeURIComponent(u.email)}`, u.token);
  expect(after.json()).toEqual({ data: { isOnboarded: true, companyId } });
  const details = await api.get("/v1/auth/user/details", u.token);
  expect(details.json().data).toMatchObject({ isOnboarded: true, companyId });
});

it("refuses a second onboarding", async () => {
  const u = await signedInUser(t, { onboard: true });
  const res = await api.post("/v1/business/onboard/onboard-user", body(u.email), u.token);
  expect(res.statusCode).toBe(409);
  expect(res.json().error.code).toBe("ALREADY_ONBOARDED");
});

it("validates each field with a clear message", async () => {
  const u = await signedInUser(t);
  const res = await api.post(
    "/v1/business/onboard/onboard-user",
    body(u.email, { company_name: " ", company_type: "Empire", company_size: "", avg_invoices: 2.5 }),
    u.token,
  );
  expect(res.statusCode).toBe(400);
  const messages = res.json().error.details.map((d: { message: string }) => d.message);
  expect(messages).toEqual(
    expect.arrayContaining([
      onboardingMessages.companyNameRequired,
      onboardingMessages.companyTypeRequired,
      onboardingMessages.companySizeRequired,
      onboardingMessages.avgInvoicesInvalid,
    ]),
  );
  const tz = await api.post(
    "/v1/business/onboard/onboard-user",
    body(u.email, { timezone: "Mars/Olympus" }),
    u.token,
  );
  expect(tz.statusCode).toBe(400);
  expect(tz.json().error.message).toBe(onboardingMessages.timezoneInvalid);
});

it("refuses another user's email and anonymous calls", async () => {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  const res = await api.post("/v1/business/onboard/onboard-user", body(b.email), a.token);
  expect(res.statusCode).toBe(403);
  const check = await api.get(`/v1/business/onboard/check?email=${encodeURIComponent(b.email)}`, a.token);
  expect(check.statusCode).toBe(403);
  expect(check.body).not.toContain(b.email);
  expect((await api.post("/v1/business/onboard/onboard-user", body(a.email))).statusCode).toBe(401);
});
