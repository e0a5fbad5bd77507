/**
 * Holds for the reports' browser specs: promises and disputes recorded as a user records them in
 * an invoice's thread, on the sample company's invoices.
 */

import type { ConnectedUser } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { expect } from "vitest";
import { stack } from "../browser.ts";
import { type SandboxInvoice, todayUtc } from "./collections-helpers.ts";

/** The date `days` after today (the kit's companies keep UTC). */
export const inDays = (days: number) =>
  new Date(Date.parse(`${todayUtc()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function post(user: ConnectedUser, path: string, inv: SandboxInvoice, body: object) {
  const res = await stack().call("POST", path, {
    token: user.token,
    body: { companyId: user.companyId, invoiceId: inv.Id, ...body },
  });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
}

/** A promise to pay each invoice in `days` days. */
export async function promise(user: ConnectedUser, invoices: SandboxInvoice[], days: number) {
  for (const inv of invoices) await post(user, apiPaths.holds.promise, inv, { date: inDays(days) });
}

/** A dispute on each invoice. */
export async function dispute(user: ConnectedUser, invoices: SandboxInvoice[]) {
  for (const inv of invoices) {
    await post(user, apiPaths.holds.dispute, inv, {
      reason: "not_received",
      message: "We never received these goods.",
    });
  }
}

/** Open invoices in `currency` of distinct customers, the first `count`. */
export function ofDistinctCustomers(open: SandboxInvoice[], currency: string, count: number) {
  const seen = new Set<string>();
  const picked = open.filter((inv) => {
    if (inv.CurrencyRef.value !== currency || seen.has(inv.CustomerRef.value)) return false;
    seen.add(inv.CustomerRef.value);
    return true;
  });
  expect(picked.length).toBeGreaterThanOrEqual(count);
  return picked.slice(0, count);
}
