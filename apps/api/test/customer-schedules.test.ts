import { apiPaths } from "@recoup/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { expectedCustomers, listsOf, worldForFile } from "./collections-fixture.ts";

/**
 * The customers pages' reminder schedule (issue 18): which one a customer follows and why on
 * Customer Details, the list's column, and its filter applied before the page and the count.
 */
const w = worldForFile();
const lists = listsOf(w);
const paths = apiPaths.reminderSchedules;
const asUser = () => ({ token: w.user.token });
const post = (path: string, body: object) =>
  w.call("POST", path, { ...asUser(), body: { companyId: w.user.companyId, ...body } });
const standard = { id: null, name: "Standard schedule" };

const stages = [{ timing: { kind: "after", days: 5 }, template: { type: "after_due_date" } }];
async function makeSchedule(name: string, isDefault = false) {
  const res = await post(paths.save, { name, stages, isDefault });
  expect(res.status).toBe(200);
  return res.json.data as { id: string; name: string };
}
const assign = (customerRef: string, schedule: string | null) =>
  post(paths.assignCustomer, { customerRef, schedule });
const tag = (customerRef: string, tags: string[]) =>
  w.call("POST", apiPaths.customers.editTags, {
    ...asUser(),
    body: { realmId: w.user.realmId, customerRef, tags },
  });

async function scheduleOf(customerRef: string) {
  const res = await w.call(
    "GET",
    `${apiPaths.customers.detail}?realmId=${w.user.realmId}&customerRef=${customerRef}`,
    asUser(),
  );
  expect(res.status).toBe(200);
  return res.json.data.customer.reminderSchedule;
}

type Row = { customerRef: string; schedule: { id: string | null; name: string } | null };
/** The whole list, filtered or not, in pages of `size`: the rows and the total the API gave. */
const listed = (schedule?: string, size = 100) =>
  lists.allPages<Row>(apiPaths.customers.outstanding, schedule ? { schedule } : {}, "customers", size);
const refsOf = (rows: Row[]) => rows.map((r) => r.customerRef).sort();

let refs: string[];
let firm: { id: string; name: string };
let gentle: { id: string; name: string };

beforeAll(async () => {
  refs = expectedCustomers(w.store()).map((c) => c.customerRef);
  expect(refs.length).toBeGreaterThanOrEqual(6);
  firm = await makeSchedule("Firm");
  gentle = await makeSchedule("Gentle");
});

describe("a customer's reminder schedule", () => {
  it("shows the company default, a tag's schedule, the customer's own choice, and not chased", async () => {
    const [plain, tagged, own, unchased] = refs;
    expect(await scheduleOf(plain!)).toEqual({ choice: null, followed: standard, via: "default", tag: null });

    await tag(tagged!, ["VIP", "slow payer"]);
    expect((await post(paths.assignTag, { tag: "slow payer", scheduleId: firm.id })).status).toBe(200);
    expect(await scheduleOf(tagged!)).toEqual({
      choice: null,
      followed: { id: firm.id, name: "Firm" },
      via: "tag",
      tag: "slow payer",
    });

    expect((await assign(own!, gentle.id)).status).toBe(200);
    expect(await scheduleOf(own!)).toEqual({
      choice: gentle.id,
      followed: { id: gentle.id, name: "Gentle" },
      via: "own",
      tag: null,
    });
    // The customer's own choice wins over a tag.
    await tag(own!, ["slow payer"]);
    expect((await scheduleOf(own!)).followed.name).toBe("Gentle");

    await assign(unchased!, "none");
    expect(await scheduleOf(unchased!)).toEqual({ choice: "none", followed: null, via: "own", tag: null });

    // 'standard' escapes a tag; null goes back to the tag.
    await assign(tagged!, "standard");
    expect(await scheduleOf(tagged!)).toMatchObject({ choice: "standard", followed: standard, via: "own" });
    await assign(tagged!, null);
    expect(await scheduleOf(tagged!)).toMatchObject({ choice: null, via: "tag", tag: "slow payer" });
  });

  it("follows a schedule the company marks as its default", async () => {
    const [plain] = refs;
    const fallback = await makeSchedule("Everyone", true);
    expect(await scheduleOf(plain!)).toEqual({
      choice: null,
      followed: { id: fallback.id, name: "Everyone" },
      via: "default",
      tag: null,
    });
    await post(paths.save, { id: fallback.id, name: "Everyone", stages, isDefault: false });
    expect((await scheduleOf(plain!)).followed).toEqual(standard);
  });
});

describe("the customers list's schedule column and filter", () => {
  it("names each customer's schedule, and filters by it before the page and the count", async () => {
    const [, tagged, own, unchased, second] = refs;
    await assign(second!, gentle.id);
    const all = await listed();
    expect(refsOf(all.rows)).toEqual([...refs].sort());
    const column = new Map(all.rows.map((r) => [r.customerRef, r.schedule]));
    expect(column.get(tagged!)).toEqual({ id: firm.id, name: "Firm" });
    expect(column.get(own!)).toEqual({ id: gentle.id, name: "Gentle" });
    expect(column.get(unchased!)).toBeNull();

    // Pages of one: the total counts the filtered customers, every page holds one of them.
    const byGentle = await listed(gentle.id, 1);
    expect(byGentle.total).toBe(2);
    expect(refsOf(byGentle.rows)).toEqual([own!, second!].sort());
    expect(refsOf((await listed(firm.id)).rows)).toEqual([tagged!]);
    expect(refsOf((await listed("none")).rows)).toEqual([unchased!]);
    const byStandard = await listed("standard", 2);
    expect(refsOf(byStandard.rows)).toEqual(
      refs.filter((r) => ![tagged, own, unchased, second].includes(r)).sort(),
    );
    expect(byStandard.total).toBe(refs.length - 4);
  });

  it("reads the filter fresh after a customer moves (assignment is not synced data)", async () => {
    const [, , , unchased] = refs;
    expect(refsOf((await listed("none")).rows)).toEqual([unchased!]);
    await assign(unchased!, firm.id);
    expect((await listed("none")).rows).toEqual([]);
    expect(refsOf((await listed(firm.id)).rows)).toContain(unchased!);
    const page = await lists.get(apiPaths.customers.outstanding, { schedule: firm.id });
    expect(page.json.data.customers.every((r: Row) => r.schedule?.id === firm.id)).toBe(true);
  });

  it("with a company default of its own, lists the customers following it, and refuses an unknown filter", async () => {
    const fallback = await makeSchedule("House", true);
    const [, tagged, own, unchased, second] = refs;
    const expected = refs.filter((r) => ![tagged, own, unchased, second].includes(r)).sort();
    expect(refsOf((await listed(fallback.id)).rows)).toEqual(expected);
    expect((await listed("standard")).rows).toEqual([]);
    const bad = await lists.get(apiPaths.customers.outstanding, { schedule: "firm" });
    expect(bad.status).toBe(400);
  });
});
