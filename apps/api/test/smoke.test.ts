import { expect, it } from "vitest";
import { appForFile, createCompany } from "./kit/index.ts";

const t = appForFile();

it("serves health and a signed-in, onboarded user", async () => {
  expect((await t.call("GET", "/health/ready")).json).toEqual({ status: "ok", database: t.backend });
  const u = await createCompany(t);
  const details = await t.call("GET", "/v1/auth/user/details", { token: u.token });
  expect(details.status).toBe(200);
  expect(details.json.data).toMatchObject({ email: u.email, isOnboarded: true, companyId: u.companyId });
});
