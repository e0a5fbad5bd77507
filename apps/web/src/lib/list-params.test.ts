import { describe, expect, it } from "vitest";

import { type ListDefaults, listSearchParams, pageCount, parseListParams } from "./list-params";

type Sort = "name" | "total" | "dueDate";
type Filter = "open" | "paid";
const defaults: ListDefaults<Sort, Filter> = {
  sortFields: ["name", "total", "dueDate"],
  sort: "total",
  order: "desc",
  filters: ["open", "paid"],
};
const parse = (qs: string) => parseListParams(new URLSearchParams(qs), defaults);

describe("list state in the URL", () => {
  it("falls back to the defaults when the URL says nothing", () => {
    expect(parse("")).toEqual({
      sort: "total",
      order: "desc",
      search: "",
      page: 1,
      pageSize: 10,
      filter: null,
    });
  });

  it("reads sort, order, search, page, size and filter", () => {
    expect(parse("sort=name&order=asc&q=%20acme%20&page=3&size=25&status=paid")).toEqual({
      sort: "name",
      order: "asc",
      search: "acme",
      page: 3,
      pageSize: 25,
      filter: "paid",
    });
  });

  it("ignores values it does not know instead of sending them to the server", () => {
    expect(parse("sort=password&order=sideways&page=-2&size=7&status=lost")).toEqual({
      sort: "total",
      order: "desc",
      search: "",
      page: 1,
      pageSize: 10,
      filter: null,
    });
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
    expect(parse("size=1000").pageSize).toBe(10);
  });

  it("sorts a new field ascending when the URL names no order", () => {
    expect(parse("sort=name")).toMatchObject({ sort: "name", order: "asc" });
  });

  it("writes only what differs from the defaults, and keeps other params", () => {
    const current = new URLSearchParams("tab=notes&page=4");
    const state = parseListParams(current, defaults);
    expect(listSearchParams(current, state, { page: 5 }, defaults).toString()).toBe("tab=notes&page=5");
    expect(listSearchParams(current, state, { page: 1 }, defaults).toString()).toBe("tab=notes");
    expect(
      listSearchParams(current, state, { sort: "name", order: "asc", search: "  bo " }, defaults).toString(),
    ).toBe("tab=notes&sort=name&order=asc&q=bo");
  });

  it("writes the list's params in one order, so equal states give equal links", () => {
    const current = new URLSearchParams("size=25&q=x&page=2&order=asc&sort=name");
    const state = parseListParams(current, defaults);
    expect(listSearchParams(current, state, { page: 3 }, defaults).toString()).toBe(
      "sort=name&order=asc&q=x&page=3&size=25",
    );
  });

  it("goes back to page 1 when the sort, search, filter or page size changes", () => {
    const current = new URLSearchParams("page=4");
    const state = parseListParams(current, defaults);
    for (const patch of [
      { sort: "name" as const },
      { search: "x" },
      { filter: "open" as const },
      { pageSize: 50 },
    ]) {
      expect(listSearchParams(current, state, patch, defaults).get("page")).toBeNull();
    }
    // The same value again is no change.
    expect(listSearchParams(current, state, { sort: "total" }, defaults).get("page")).toBe("4");
  });

  it("round-trips through the URL", () => {
    const state = parse("");
    const written = listSearchParams(
      new URLSearchParams(),
      state,
      { sort: "dueDate", order: "asc", search: "smith", pageSize: 100, filter: "open" },
      defaults,
    );
    expect(parseListParams(written, defaults)).toEqual({
      sort: "dueDate",
      order: "asc",
      search: "smith",
      page: 1,
      pageSize: 100,
      filter: "open",
    });
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(200, 25)).toBe(8);
  });
});
