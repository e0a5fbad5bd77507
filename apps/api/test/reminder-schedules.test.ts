import { apiPaths } from "@recoup/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile, type CompanyUser, createCompany } from "./kit/index.ts";

const t = appForFile();
let ada: CompanyUser;
let otto: CompanyUser;
const paths = apiPaths.reminderSchedules;

beforeAll(async () => {
  ada = await createCompany(t, { firstName: "Ada" });
  otto = await createCompany(t, { firstName: "Otto" });
});

const firm = {
  name: "Firm",
  stages: [
    { timing: { kind: "on" }, template: { type: "on_due_date" } },
    {
      timing: { kind: "repeat", days: 2, every: 3 },
      template: { subject: "Overdue: {invoice_number}", content: "<p>Pay {invoice_amount} now.</p>" },
    },
    { timing: { kind: "final", days: 30 }, template: { type: "after_due_date" } },
  ],
};
const post = (u: CompanyUser, path: string, body: object) =>
  t.call("POST", path, { token: u.token, body: { companyId: u.companyId, ...body } });

describe("reminder schedules", () => {
  it("creates a schedule with keys of its own, keeps them on edit, and records each change", async () => {
    const made = await post(ada, paths.save, firm);
    expect(made.status).toBe(200);
    const s = made.json.data;
    expect(s.stages.map((x: { key: string }) => x.key)).toEqual([
      expect.stringMatching(/^stage:[a-z0-9]{12}$/),
      expect.stringMatching(/^stage:/),
      expect.stringMatching(/^stage:/),
    ]);
    const edited = await post(ada, paths.save, {
      ...firm,
      id: s.id,
      name: "Firmer",
      stages: s.stages.map((x: object, i: number) =>
        i === 1 ? { ...x, timing: { kind: "repeat", days: 2, every: 5 } } : x,
      ),
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data.stages.map((x: { key: string }) => x.key)).toEqual(
      s.stages.map((x: { key: string }) => x.key),
    );
    const changes = await t.call("GET", `${paths.changes}?companyId=${ada.companyId}&id=${s.id}`, {
      token: ada.token,
    });
    expect(changes.json.data.map((c: { action: string }) => c.action)).toEqual(["updated", "created"]);
    expect(Object.keys(changes.json.data[0].fields).sort()).toEqual(["name", "stages"]);
    expect(changes.json.data[0].user).toBeTruthy();
    const list = await t.call("GET", `${paths.list}?companyId=${ada.companyId}`, { token: ada.token });
    expect(list.json.data.schedules.map((x: { name: string }) => x.name)).toEqual(["Firmer"]);
  });

  it("refuses bad input with a message naming the stage and field", async () => {
    const bad = async (stages: object[]) =>
      (await post(ada, paths.save, { name: "Bad", stages })).json.error.message;
    expect(await bad([])).toBe("A schedule needs at least one stage.");
    const own = (subject: string) => ({ subject, content: "<p>x</p>" });
    expect(
      await bad([
        { timing: { kind: "after", days: 3 }, template: own("a") },
        { timing: { kind: "after", days: 3 }, template: own("b") },
      ]),
    ).toBe("Stage 2: another stage falls on the same day.");
    expect(await bad([{ timing: { kind: "on" }, template: own("Hi {client_name}") }])).toBe(
      "Stage 1: the template's subject uses an unknown variable {client_name}.",
    );
    const outOfRange = await post(ada, paths.save, {
      name: "Bad",
      stages: [{ timing: { kind: "before", days: 91 }, template: own("a") }],
    });
    expect(outOfRange.status).toBe(400);
    expect(JSON.stringify(outOfRange.json)).toContain("days");
  });

  it("assigns by customer and by tag, and refuses to delete a schedule in use", async () => {
    const s = (await post(ada, paths.save, { ...firm, name: "Gentle" })).json.data;
    expect((await post(ada, paths.assignTag, { tag: "slow payer", scheduleId: s.id })).status).toBe(200);
    const refused = await post(ada, paths.delete, { id: s.id });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain("1 tags");
    await post(ada, paths.assignTag, { tag: "slow payer", scheduleId: null });
    expect((await post(ada, paths.assignCustomer, { customerRef: "58", schedule: s.id })).status).toBe(200);
    expect((await post(ada, paths.delete, { id: s.id })).status).toBe(409);
    await post(ada, paths.assignCustomer, { customerRef: "58", schedule: "none" });
    expect((await post(ada, paths.delete, { id: s.id })).status).toBe(200);
    const changes = await t.call("GET", `${paths.changes}?companyId=${ada.companyId}&id=${s.id}`, {
      token: ada.token,
    });
    expect(changes.json.data[0].action).toBe("deleted");
  });

  it("keeps each company's schedules its own", async () => {
    const s = (await post(ada, paths.save, { ...firm, name: "Ada's" })).json.data;
    expect((await post(otto, paths.assignTag, { tag: "x", scheduleId: s.id })).status).toBe(400);
    expect((await post(otto, paths.delete, { id: s.id })).status).toBe(404);
    const foreign = await t.call("POST", paths.save, {
      token: otto.token,
      body: { companyId: ada.companyId, ...firm },
    });
    expect(foreign.status).toBe(403);
  });
});
