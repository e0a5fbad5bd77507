import type { Route } from "./context.ts";
import { escapeHtml as h, sendHtml } from "./http.ts";
import { layout } from "./oauth/consent-page.ts";

/**
 * What "Open QuickBooks Online" lands on in the sandbox: each company with its record counts and
 * open balance, read from the same store the Accounting API serves.
 */
export const homeRoutes: Route[] = [
  {
    method: "GET",
    path: "/",
    handle: ({ res, sandbox }) => {
      const rows = sandbox.realms.list().map(({ company, store }) => {
        const open = new Map<string, number>();
        for (const inv of store.invoices.values()) {
          if (inv.voided || inv.balance <= 0) continue;
          open.set(inv.currency, (open.get(inv.currency) ?? 0) + inv.balance);
        }
        const balances = [...open.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, cents]) => `${currency} ${(cents / 100).toFixed(2)}`)
          .join(", ");
        return `<tr><td>${h(company.name)}</td><td>${h(company.realmId)}</td><td>${store.customers.size}</td><td>${store.invoices.size}</td><td>${store.payments.size}</td><td>${h(balances || "none")}</td></tr>`;
      });
      const body = `<h1>QuickBooks Online (sandbox)</h1>
<p>The sample companies this sandbox serves. Change their records through the control API at <code>/_control</code>.</p>
<table class="companies"><thead><tr><th>Company</th><th>Realm</th><th>Customers</th><th>Invoices</th><th>Payments</th><th>Open balance</th></tr></thead>
<tbody>${rows.join("")}</tbody></table>`;
      sendHtml(res, 200, layout("QuickBooks Online", body));
    },
  },
];
