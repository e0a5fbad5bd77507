import { afterAll, beforeAll, expect, it } from "vitest";
import { client, createTestApp, signedInUser, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it("serves health and a signed-in, onboarded user", async () => {
  const api = client(t.app);
  expect((await api.get("/health/ready")).json()).toEqual({ status: "ok", database: t.backend });
  const u = await signedInUser(t, { onboard: true });
  const details = await api.get("/v1/auth/user/details", u.token);
  expect(details.statusCode).toBe(200);
  expect(details.json().data).toMatchObject({ email: u.email, isOnboarded: true, companyId: u.companyId });
});
