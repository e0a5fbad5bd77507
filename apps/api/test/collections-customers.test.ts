import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import {
  dayText,
  expectedCustomers,
  expectedInvoiceRow,
  paymentsOf,
  TODAY,
  worldForFile,
} from "./collections-fixture.ts";

const w = worldForFile();
const LINK_INVOICE = 0;
const asUser = () => ({ token: w.user.token });
const customerQuery = (customerRef: string) =>
  `realmId=${w.user.realmId}&customerRef=${encodeURIComponent(customerRef)}`;

describe("customer details", () => {
  it("shows contact, balances from the invoices, open invoices oldest due first and closed ones newest first", async () => {
    const store = w.store();
    for (const expected of expectedCustomers(store)) {
      const res = await w.call(
        "GET",
        `${apiPaths.customers.detail}?${customerQuery(expected.customerRef)}`,
        asUser(),
      );
      expect(res.status).toBe(200);
      const c = store.customers.get(Number(expected.customerRef))!;
      const mine = [...store.invoices.values()].filter((inv) => inv.customerId === c.id);
      const rows = mine.map((inv) => expectedInvoiceRow(store, inv));
      expect(res.json.data.customer).toEqual({
        customerRef: String(c.id),
        name: c.displayName,
        companyName: c.companyName ?? null,
        email: c.email ?? null,
        phone: c.phone ?? null,
        currency: c.currency,
        active: c.active,
        note: "",
        tags: [],
        openInvoices: expected.openInvoices,
        outstandingCents: expected.total,
        overdueCents: expected.overdue,
        oldestDueDate: expected.oldestDueDate,
        paidInvoices: rows.filter((r) => r.status === "Paid").length,
        reminderSchedule: {
          choice: null,
          followed: { id: null, name: "Standard schedule" },
          via: "default",
          tag: null,
        },
      });
      const open = rows
        .filter((r) => r.status === "Open" || r.status === "Overdue")
        .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id < b.id ? -1 : 1));
      expect(res.json.data.openInvoices).toEqual(open);
      const closed = rows
        .filter((r) => r.status === "Paid" || r.status === "Voided")
        .sort((a, b) => (a.txnDate > b.txnDate ? -1 : a.txnDate < b.txnDate ? 1 : a.id > b.id ? -1 : 1))
        .slice(0, 50);
      expect(res.json.data.closedInvoices).toEqual(closed);
      expect(res.json.data.asOf).toBe(TODAY);
    }
  });

  it("shows a customer without invoices, and answers 404 for one that does not exist", async () => {
    const store = w.store();
    const idle = [...store.customers.values()].find(
      (c) => ![...store.invoices.values()].some((inv) => inv.customerId === c.id),
    )!;
    const res = await w.call(
      "GET",
      `${apiPaths.customers.detail}?${customerQuery(String(idle.id))}`,
      asUser(),
    );
    expect(res.json.data.customer).toMatchObject({
      openInvoices: 0,
      outstandingCents: 0,
      oldestDueDate: null,
    });
    expect(res.json.data.openInvoices).toEqual([]);
    for (const path of [apiPaths.customers.detail, apiPaths.customers.paymentHistory]) {
      const missing = await w.call("GET", `${path}?${customerQuery("999999")}`, asUser());
      expect(missing.status).toBe(404);
    }
  });

  it("lists payment history newest first: payments with what each paid, credit memos with what is left", async () => {
    const store = w.store();
    for (const c of store.customers.values()) {
      const res = await w.call(
        "GET",
        `${apiPaths.customers.paymentHistory}?${customerQuery(String(c.id))}`,
        asUser(),
      );
      expect(res.status).toBe(200);
      const payments = paymentsOf(store, c.id).map((p) => {
        const applied: { invoiceId: string; docNumber: string | null; amountCents: number }[] = [];
        let toInvoices = 0;
        let fromCredits = 0;
        for (let i = 0; i < p.links.length; i += 3) {
          const [txn, kind, amount] = [p.links[i]!, p.links[i + 1]!, p.links[i + 2]!];
          if (kind === LINK_INVOICE) {
            toInvoices += amount;
            applied.push({
              invoiceId: String(txn),
              docNumber: store.invoices.get(txn)!.docNumber,
              amountCents: amount,
            });
          } else fromCredits += amount;
        }
        return {
          id: String(p.id),
          type: "Payment",
          date: dayText(p.txnDate),
          currency: p.currency,
          amountCents: p.total,
          unappliedCents: p.total - (toInvoices - fromCredits),
          applied,
        };
      });
      const memos = [...store.creditMemos.values()]
        .filter((m) => m.customerId === c.id)
        .map((m) => ({
          id: String(m.id),
          type: "CreditMemo",
          date: dayText(m.txnDate),
          currency: m.currency,
          amountCents: m.total,
          unappliedCents: m.remaining,
          applied: [],
        }));
      const expected = [...payments, ...memos].sort((a, b) =>
        a.date !== b.date ? (a.date < b.date ? 1 : -1) : Number(b.id) - Number(a.id),
      );
      expect(res.json.data.payments, c.displayName).toEqual(expected);
    }
  });

  it("keeps Recoup's note and tags on a customer (tags trimmed, duplicates dropped), shown in details and the list", async () => {
    const customerRef = expectedCustomers(w.store())[0]!.customerRef;
    const note = await w.call("POST", apiPaths.customers.editNote, {
      ...asUser(),
      body: { realmId: w.user.realmId, customerRef, note: "Pays late; call Maria first." },
    });
    expect(note.status).toBe(200);
    expect(note.json.data.note).toBe("Pays late; call Maria first.");
    const tags = await w.call("POST", apiPaths.customers.editTags, {
      ...asUser(),
      body: { realmId: w.user.realmId, customerRef, tags: [" VIP ", "slow payer", "vip", "Net 30"] },
    });
    expect(tags.status).toBe(200);
    expect(tags.json.data.tags).toEqual(["VIP", "slow payer", "Net 30"]);
    const detail = await w.call(
      "GET",
      `${apiPaths.customers.detail}?${customerQuery(customerRef)}`,
      asUser(),
    );
    expect(detail.json.data.customer).toMatchObject({
      note: "Pays late; call Maria first.",
      tags: ["VIP", "slow payer", "Net 30"],
    });
    const list = await w.call(
      "GET",
      `${apiPaths.customers.outstanding}?companyId=${w.user.companyId}&limit=100`,
      asUser(),
    );
    expect(
      list.json.data.customers.find((r: { customerRef: string }) => r.customerRef === customerRef).tags,
    ).toEqual(["VIP", "slow payer", "Net 30"]);
    // Editing one keeps the other.
    await w.call("POST", apiPaths.customers.editTags, {
      ...asUser(),
      body: { realmId: w.user.realmId, customerRef, tags: [] },
    });
    const after = await w.call("GET", `${apiPaths.customers.detail}?${customerQuery(customerRef)}`, asUser());
    expect(after.json.data.customer).toMatchObject({ note: "Pays late; call Maria first.", tags: [] });
    // The other company's view of the same QuickBooks id is untouched.
    const theirs = await w.call(
      "GET",
      `${apiPaths.customers.detail}?realmId=${w.other.realmId}&customerRef=${customerRef}`,
      { token: w.other.token },
    );
    expect(theirs.json.data.customer.note).toBe("");
    const bad = await w.call("POST", apiPaths.customers.editTags, {
      ...asUser(),
      body: { realmId: w.user.realmId, customerRef, tags: ["x".repeat(33)] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("tags.0");
    const missing = await w.call("POST", apiPaths.customers.editNote, {
      ...asUser(),
      body: { realmId: w.user.realmId, customerRef: "999999", note: "x" },
    });
    expect(missing.status).toBe(404);
  });
});
