import { apiPaths, type CustomerContact, contactMessages, MAX_CONTACTS } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerContacts, invoices } from "../src/db/schema/index.ts";
import { markAddressBounced } from "../src/modules/contacts/index.ts";
import { openInvoices } from "./collections-fixture.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import { SAMPLE_REALM, syncNow } from "./kit/index.ts";

/** Contacts per customer (decision 0017): from QuickBooks' addresses, added in Recoup, marked when they bounce. */
const { world, get, takeInvoice, sendReminder } = communicationsWorld();

type Store = ReturnType<ReturnType<typeof world>["store"]>;
type Customer = Store["customers"] extends Map<number, infer C> ? C : never;

/** The addresses QuickBooks keeps for a customer, as the sandbox holds them. */
const addressesOf = (c: Customer) =>
  c.email ? [c.email, ...(c.moreEmails ?? [])].map((a) => a.toLowerCase()) : [];

const post = (path: string, body: Record<string, unknown>) =>
  world().call("POST", path, { token: world().user.token, body: { realmId: SAMPLE_REALM, ...body } });

async function contactsOf(customerRef: string): Promise<CustomerContact[]> {
  const res = await world().call(
    "GET",
    `${apiPaths.customers.detail}?${new URLSearchParams({ realmId: SAMPLE_REALM, customerRef })}`,
    { token: world().user.token },
  );
  expect(res.status).toBe(200);
  return res.json.data.contacts;
}

/** A customer with an open balance and at least `n` QuickBooks addresses, not yet used by a test. */
const used = new Set<number>();
function takeCustomer(n: number, filter: (c: Customer) => boolean = () => true) {
  const open = new Set(openInvoices(world().store()).map((inv) => inv.customerId));
  const c = [...world().store().customers.values()].find(
    (c) => !used.has(c.id) && open.has(c.id) && addressesOf(c).length >= n && filter(c),
  )!;
  used.add(c.id);
  return c;
}

const quickBooksContact = (address: string) => ({
  name: null,
  address,
  role: "billing",
  source: "quickbooks",
  inQuickBooks: true,
  bouncedAt: null,
  bounceReason: null,
});

describe("contacts from QuickBooks", () => {
  it("makes every address of a customer's QuickBooks email a billing contact, and keeps each invoice's BillEmailCc and BillEmailBcc", async () => {
    const store = world().store();
    const rows = await world()
      .t.ctx.db.select()
      .from(customerContacts)
      .where(eq(customerContacts.companyId, world().user.companyId));
    const synced = rows.map((r) => `${r.customerQbId} ${r.email} ${r.role} ${r.source}`).sort();
    const expected = [...store.customers.values()]
      .flatMap((c) => addressesOf(c).map((a) => `${c.id} ${a} billing quickbooks`))
      .sort();
    expect(synced).toEqual(expected);
    // The sample company has customers with two addresses, and invoices copied and blind-copied.
    expect([...store.customers.values()].filter((c) => addressesOf(c).length === 2).length).toBeGreaterThan(
      3,
    );
    const sampleInvoices = [...store.invoices.values()];
    expect(sampleInvoices.filter((i) => i.emailCc).length).toBeGreaterThan(10);
    expect(sampleInvoices.filter((i) => i.emailBcc).length).toBeGreaterThan(5);

    const stored = await world()
      .t.ctx.db.select()
      .from(invoices)
      .where(eq(invoices.companyId, world().user.companyId));
    expect(stored.map((r) => [r.qbId, r.email, r.billEmailCc, r.billEmailBcc]).sort()).toEqual(
      sampleInvoices
        .map((i) => [String(i.id), i.email ?? null, i.emailCc ?? null, i.emailBcc ?? null])
        .sort(),
    );

    const two = takeCustomer(2);
    expect(await contactsOf(String(two.id))).toMatchObject(addressesOf(two).map(quickBooksContact));
  });

  it("keeps contacts current: QuickBooks' dropped address leaves, Recoup's stay, an address both have is one contact with Recoup's role", async () => {
    const c = takeCustomer(2);
    const ref = String(c.id);
    const [first, second] = addressesOf(c) as [string, string];
    const domain = first.split("@")[1];
    const added = await post(apiPaths.customers.addContact, {
      customerRef: ref,
      name: "Dana Payables",
      address: `Dana@${domain}`,
      role: "copy_always",
    });
    expect(added.status).toBe(200);

    // QuickBooks drops the second address and gains Dana's: one contact, still Recoup's, now in QuickBooks.
    world().qb.control.updateCustomer(SAMPLE_REALM, ref, { email: `${first}, dana@${domain}` });
    await syncNow(world().t.ctx, world().user.companyId, "incremental");
    let contacts = await contactsOf(ref);
    expect(contacts.map((k) => k.address)).not.toContain(second);
    expect(contacts).toMatchObject([
      quickBooksContact(first),
      {
        name: "Dana Payables",
        address: `dana@${domain}`,
        role: "copy_always",
        source: "recoup",
        inQuickBooks: true,
      },
    ]);

    // QuickBooks drops Dana's too: Recoup's contact stays, no longer in QuickBooks. A full sync agrees.
    world().qb.control.updateCustomer(SAMPLE_REALM, ref, { email: first });
    await syncNow(world().t.ctx, world().user.companyId, "incremental");
    contacts = await contactsOf(ref);
    expect(contacts).toMatchObject([
      quickBooksContact(first),
      { address: `dana@${domain}`, role: "copy_always", source: "recoup", inQuickBooks: false },
    ]);
    await syncNow(world().t.ctx, world().user.companyId, "full");
    expect(await contactsOf(ref)).toEqual(contacts);
  });
});

describe("contacts added in Recoup", () => {
  it("adds, edits and removes a contact; QuickBooks' keep their address and stay; duplicates, bad addresses and a 21st contact are refused", async () => {
    const c = takeCustomer(1);
    const ref = String(c.id);
    const [quickBooks] = addressesOf(c) as [string];
    const add = (address: string, role = "escalation", name?: string) =>
      post(apiPaths.customers.addContact, { customerRef: ref, address, role, ...(name ? { name } : {}) });

    const added = await add("  Lee.Owner@Example.com ", "escalation", "Lee Owner");
    expect(added.status).toBe(200);
    const lee = added.json.data.contacts.find((k: CustomerContact) => k.source === "recoup");
    expect(lee).toMatchObject({ name: "Lee Owner", address: "lee.owner@example.com", role: "escalation" });
    expect(await contactsOf(ref)).toEqual(added.json.data.contacts);

    // The same address in another case, QuickBooks' own or Lee's, is the same contact.
    for (const address of [quickBooks.toUpperCase(), "LEE.OWNER@example.com"]) {
      const dup = await add(address);
      expect(dup.status).toBe(409);
      expect(dup.json.error.message).toBe(contactMessages.duplicate);
    }
    const bad = await add("lee.owner@");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe(contactMessages.addressInvalid);
    const empty = await add(" ");
    expect(empty.json.error.message).toBe(contactMessages.addressRequired);
    const role = await add("x@example.com", "boss");
    expect(role.status).toBe(400);
    expect(role.json.error.message).toMatch(/role/);

    const edit = (id: string, body: Record<string, unknown>) =>
      post(apiPaths.customers.editContact, { customerRef: ref, id, ...body });
    const edited = await edit(lee.id, { name: "Lee O.", address: "lee@example.com", role: "copy_always" });
    expect(edited.status).toBe(200);
    expect(edited.json.data.contacts.find((k: CustomerContact) => k.id === lee.id)).toMatchObject({
      name: "Lee O.",
      address: "lee@example.com",
      role: "copy_always",
    });

    const qb = (await contactsOf(ref)).find((k) => k.source === "quickbooks")!;
    const renamed = await edit(qb.id, { name: "Accounts", address: qb.address, role: "escalation" });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data.contacts.find((k: CustomerContact) => k.id === qb.id)).toMatchObject({
      name: "Accounts",
      role: "escalation",
      inQuickBooks: true,
    });
    const moved = await edit(qb.id, { address: "new@example.com", role: "billing" });
    expect(moved.status).toBe(409);
    expect(moved.json.error.message).toBe(contactMessages.quickBooksAddress);
    const removeQb = await post(apiPaths.customers.removeContact, { customerRef: ref, id: qb.id });
    expect(removeQb.status).toBe(409);
    expect(removeQb.json.error.message).toBe(contactMessages.quickBooksRemove);

    const removed = await post(apiPaths.customers.removeContact, { customerRef: ref, id: lee.id });
    expect(removed.status).toBe(200);
    expect(removed.json.data.contacts.map((k: CustomerContact) => k.id)).toEqual([qb.id]);
    const again = await post(apiPaths.customers.removeContact, { customerRef: ref, id: lee.id });
    expect(again.status).toBe(404);

    // Up to MAX_CONTACTS in all, QuickBooks' included.
    const room = MAX_CONTACTS - addressesOf(c).length;
    for (let i = 0; i < room; i++) expect((await add(`person${i}@example.com`, "billing")).status).toBe(200);
    const over = await add("one.more@example.com");
    expect(over.status).toBe(400);
    expect(over.json.error.message).toBe(contactMessages.tooMany);
  });

  it("answers another company's customer 403 and an unknown one 404", async () => {
    const other = await world().call("POST", apiPaths.customers.addContact, {
      token: world().other.token,
      body: { realmId: SAMPLE_REALM, customerRef: "1", address: "a@example.com", role: "billing" },
    });
    expect(other.status).toBe(403);
    const unknown = await post(apiPaths.customers.addContact, {
      customerRef: "999999",
      address: "a@example.com",
      role: "billing",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("bounces and customers without an address", () => {
  it("a bounce marks the contact with the address, with what the bounce said", async () => {
    const invoice = takeInvoice();
    used.add(invoice.customerId);
    const address = invoice.email!.toLowerCase();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber}`);
    expect((await world().t.mail.bounce(mail.id)).status).toBe(204);
    const contact = (await contactsOf(String(invoice.customerId))).find((k) => k.address === address)!;
    expect(contact.bouncedAt).not.toBeNull();
    expect(contact.bounceReason).toMatch(/5\.\d+\.\d+/);
  });

  it("lists customers owing money with no usable address on the dashboard as 'No email address'", async () => {
    const store = world().store();
    const open = openInvoices(store);
    const expected = [...store.customers.values()].filter(
      (c) =>
        !c.email &&
        open.some((inv) => inv.customerId === c.id) &&
        !open.some((inv) => inv.customerId === c.id && inv.email),
    );
    expect(expected.length).toBeGreaterThan(1);
    const summary = async () => {
      const res = await get(apiPaths.dashboard.summary);
      expect(res.status).toBe(200);
      return res.json.data.noEmail as {
        total: number;
        customers: { customerRef: string; openInvoices: number; outstandingCents: number }[];
      };
    };
    const before = await summary();
    expect(before.total).toBe(expected.length);
    for (const row of before.customers) {
      const c = expected.find((e) => String(e.id) === row.customerRef)!;
      const theirs = open.filter((inv) => inv.customerId === c.id);
      expect(row).toMatchObject({
        name: c.displayName,
        openInvoices: theirs.length,
        outstandingCents: theirs.reduce((sum, inv) => sum + inv.balance, 0),
      });
    }

    // A contact added gives the customer an address; once it bounces, it has none again.
    const ref = before.customers[0]!.customerRef;
    const added = await post(apiPaths.customers.addContact, {
      customerRef: ref,
      address: "someone@example.com",
      role: "billing",
    });
    expect(added.status).toBe(200);
    const after = await summary();
    expect(after.total).toBe(expected.length - 1);
    expect(after.customers.map((r) => r.customerRef)).not.toContain(ref);
    await markAddressBounced(
      world().t.ctx.db,
      world().user.companyId,
      "someone@example.com",
      "550 5.1.1 No such user",
      new Date(),
    );
    expect((await summary()).total).toBe(expected.length);
    expect((await contactsOf(ref))[0]).toMatchObject({ bounceReason: "550 5.1.1 No such user" });
  });
});
