import { apiPaths } from "@recoup/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectedInvoiceRow, startWorld, type World } from "./collections-fixture.ts";

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

describe("invoice list", () => {
  it("lists every invoice with its status and days overdue", async () => {
    const res = await w.call("GET", `${apiPaths.invoices.list}?companyId=${w.user.companyId}&limit=100`, {
      token: w.user.token,
    });
    expect(res.status).toBe(200);
    const store = w.store();
    expect(res.json.data.total).toBe(store.invoices.size);
    for (const row of res.json.data.invoices) {
      expect(row).toEqual(expectedInvoiceRow(store, store.invoices.get(Number(row.id))!));
    }
  });
});
