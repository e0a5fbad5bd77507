import { apiPaths } from "@recoup/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { worldForFile } from "./collections-fixture.ts";
import { type CallResult, createUser, OTHER_REALM, syncNow } from "./kit/index.ts";

const w = worldForFile();
/** Records only the other company has (created at its QuickBooks after the sample data). */
let theirCustomer: string;
let theirInvoice: string;
let theirNote: { id: string; content: string };

beforeAll(async () => {
  theirCustomer = String(w.qb.control.createCustomer(OTHER_REALM, { displayName: "Only Theirs Ltd" }).Id);
  theirInvoice = String(
    w.qb.control.createInvoice(OTHER_REALM, { customerId: theirCustomer, amount: 120 }).Id,
  );
  await syncNow(w.t.ctx, w.other.companyId);
  expect(w.store().customers.has(Number(theirCustomer))).toBe(false);
  expect(w.store().invoices.has(Number(theirInvoice))).toBe(false);
  const note = await w.call("POST", apiPaths.notes.add, {
    token: w.other.token,
    body: {
      companyId: w.other.companyId,
      type: "invoice",
      invoiceId: theirInvoice,
      content: "Theirs, private.",
    },
  });
  expect(note.status).toBe(201);
  theirNote = note.json.data.note;
});

/** Every new endpoint, as the user would call it, naming the given company, realm and records. */
function calls(who: {
  companyId: string;
  realmId: string;
  customerRef: string;
  invoiceId: string;
  noteId: string;
}) {
  const c = `companyId=${who.companyId}`;
  const r = `realmId=${who.realmId}&customerRef=${who.customerRef}`;
  const get = (path: string) => ({ method: "GET" as const, path });
  const post = (path: string, body: Record<string, unknown>) => ({ method: "POST" as const, path, body });
  return {
    invoiceList: get(`${apiPaths.invoices.list}?${c}`),
    invoicesOfCustomer: get(`${apiPaths.invoices.list}?${c}&customerRef=${who.customerRef}`),
    ageReport: get(`${apiPaths.invoices.ageReport}?${c}`),
    ageReportCsv: get(`${apiPaths.invoices.ageReportCsv}?${c}`),
    customers: get(`${apiPaths.customers.outstanding}?${c}`),
    customerDetail: get(`${apiPaths.customers.detail}?${r}`),
    paymentHistory: get(`${apiPaths.customers.paymentHistory}?${r}`),
    customerNote: post(apiPaths.customers.editNote, {
      realmId: who.realmId,
      customerRef: who.customerRef,
      note: "x",
    }),
    customerTags: post(apiPaths.customers.editTags, {
      realmId: who.realmId,
      customerRef: who.customerRef,
      tags: ["x"],
    }),
    invoiceNotes: get(`${apiPaths.notes.list}?${c}&type=invoice&invoiceId=${who.invoiceId}`),
    customerNotes: get(`${apiPaths.notes.list}?${c}&type=customer&customerRef=${who.customerRef}`),
    addInvoiceNote: post(apiPaths.notes.add, {
      companyId: who.companyId,
      type: "invoice",
      invoiceId: who.invoiceId,
      content: "x",
    }),
    addCustomerNote: post(apiPaths.notes.add, {
      companyId: who.companyId,
      type: "customer",
      customerRef: who.customerRef,
      content: "x",
    }),
    editNote: post(apiPaths.notes.edit, { companyId: who.companyId, noteId: who.noteId, content: "changed" }),
    deleteNote: post(apiPaths.notes.delete, { companyId: who.companyId, noteId: who.noteId }),
    dashboard: get(`${apiPaths.dashboard.summary}?${c}`),
  };
}
type Call = ReturnType<typeof calls>[keyof ReturnType<typeof calls>];
const send = (call: Call, token?: string): Promise<CallResult> =>
  w.call(call.method, call.path, {
    ...(token ? { token } : {}),
    ...("body" in call ? { body: call.body } : {}),
  });

/** The caller's own ids, so only the named part is foreign. */
const mine = () => {
  const store = w.store();
  return {
    companyId: w.user.companyId,
    realmId: w.user.realmId,
    customerRef: String([...store.invoices.values()][0]!.customerId),
    invoiceId: String([...store.invoices.keys()][0]),
    noteId: "00000000-0000-4000-8000-000000000000",
  };
};
/** Nothing of the other company's shows in a refusal. */
const expectNoLeak = (res: CallResult) => {
  expect(res.json.error).toBeDefined();
  expect(res.text).not.toContain("Only Theirs");
  expect(res.text).not.toContain("Theirs, private");
  expect(res.text).not.toContain(w.other.companyId);
};

describe("access to the collections workspace", () => {
  it("answers 401 to anonymous callers on every endpoint, before looking at the request", async () => {
    for (const [name, call] of Object.entries(calls(mine()))) {
      expect((await send(call)).status, name).toBe(401);
    }
    const bad = await w.call("GET", `${apiPaths.invoices.list}?limit=101`);
    expect(bad.status).toBe(401);
    const badBody = await w.call("POST", apiPaths.notes.add, { body: { nonsense: true } });
    expect(badBody.status).toBe(401);
  });

  it("refuses another company's companyId or realmId with 403 on every endpoint", async () => {
    const foreign = { ...mine(), companyId: w.other.companyId, realmId: w.other.realmId };
    for (const [name, call] of Object.entries(calls(foreign))) {
      const res = await send(call, w.user.token);
      expect(res.status, name).toBe(403);
      expectNoLeak(res);
    }
    // A realm nobody connected is refused the same way.
    const unknown = calls({ ...mine(), realmId: "123" });
    for (const call of [
      unknown.customerDetail,
      unknown.paymentHistory,
      unknown.customerNote,
      unknown.customerTags,
    ]) {
      expect((await send(call, w.user.token)).status).toBe(403);
    }
  });

  it("answers 404 for the other company's customers, invoices and notes, and changes nothing of theirs", async () => {
    const foreignIds = {
      ...mine(),
      customerRef: theirCustomer,
      invoiceId: theirInvoice,
      noteId: theirNote.id,
    };
    const all = calls(foreignIds);
    for (const name of [
      "invoicesOfCustomer",
      "customerDetail",
      "paymentHistory",
      "customerNote",
      "customerTags",
      "invoiceNotes",
      "customerNotes",
      "addInvoiceNote",
      "addCustomerNote",
      "editNote",
      "deleteNote",
    ] as const) {
      const res = await send(all[name], w.user.token);
      expect(res.status, name).toBe(404);
      expectNoLeak(res);
    }
    const theirs = await w.call(
      "GET",
      `${apiPaths.notes.list}?companyId=${w.other.companyId}&type=invoice&invoiceId=${theirInvoice}`,
      { token: w.other.token },
    );
    expect(theirs.json.data.notes).toEqual([
      expect.objectContaining({ id: theirNote.id, content: "Theirs, private." }),
    ]);
    // The same QuickBooks ids in both companies: each sees its own records.
    const shared = mine().customerRef;
    const [a, b] = await Promise.all(
      [w.user, w.other].map((u) =>
        w.call("GET", `${apiPaths.customers.detail}?realmId=${u.realmId}&customerRef=${shared}`, {
          token: u.token,
        }),
      ),
    );
    expect(a!.json.data.customer.name).toBe(w.store().customers.get(Number(shared))!.displayName);
    expect(a!.json.data.openInvoices).not.toEqual(b!.json.data.openInvoices);
  });

  it("answers 403 to a user who has not completed onboarding", async () => {
    const newcomer = await createUser(w.t);
    const res = await send(calls(mine()).invoiceList, newcomer.token);
    expect(res.status).toBe(403);
  });
});

describe("bad parameters", () => {
  const expect400 = async (path: string, param: string) => {
    const res = await w.call("GET", path, { token: w.user.token });
    expect(res.status, path).toBe(400);
    expect(res.json.error.code).toBe("VALIDATION_ERROR");
    expect(res.json.error.message).toMatch(new RegExp(`^${param}: `));
    expect(res.json.error.details[0].path).toBe(param);
  };

  it("answers 400 naming the parameter", async () => {
    const c = `companyId=${w.user.companyId}`;
    const list = apiPaths.invoices.list;
    await expect400(`${list}?${c}&limit=101`, "limit");
    await expect400(`${list}?${c}&limit=0`, "limit");
    await expect400(`${list}?${c}&page=0`, "page");
    await expect400(`${list}?${c}&page=two`, "page");
    await expect400(`${list}?${c}&sortField=email`, "sortField");
    await expect400(`${list}?${c}&sortOrder=up`, "sortOrder");
    await expect400(`${list}?${c}&status=late`, "status");
    await expect400(`${list}?${c}&searchQuery=${"x".repeat(201)}`, "searchQuery");
    await expect400(`${list}`, "companyId");
    await expect400(`${list}?companyId=acme`, "companyId");
    await expect400(`${apiPaths.invoices.ageReport}?${c}&size=101`, "size");
    await expect400(`${apiPaths.invoices.ageReport}?${c}&sortField=name`, "sortField");
    await expect400(`${apiPaths.invoices.ageReportCsv}?${c}&sortOrder=sideways`, "sortOrder");
    await expect400(`${apiPaths.customers.outstanding}?${c}&sortBy=balance`, "sortBy");
    await expect400(`${apiPaths.customers.outstanding}?${c}&limit=1000`, "limit");
    await expect400(`${apiPaths.customers.detail}?realmId=${w.user.realmId}`, "customerRef");
    await expect400(`${apiPaths.notes.list}?${c}&type=email&invoiceId=1`, "type");
    await expect400(`${apiPaths.dashboard.summary}?companyId=`, "companyId");
    const ok = await w.call("GET", `${list}?${c}&limit=100`, { token: w.user.token });
    expect(ok.status).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("documents every collections endpoint from the contracts, with bearer security", async () => {
    const doc = (await w.call("GET", apiPaths.openapi)).json;
    const paths: [string, "get" | "post"][] = [
      [apiPaths.invoices.list, "get"],
      [apiPaths.invoices.ageReport, "get"],
      [apiPaths.invoices.ageReportCsv, "get"],
      [apiPaths.customers.outstanding, "get"],
      [apiPaths.customers.detail, "get"],
      [apiPaths.customers.paymentHistory, "get"],
      [apiPaths.customers.editNote, "post"],
      [apiPaths.customers.editTags, "post"],
      [apiPaths.notes.add, "post"],
      [apiPaths.notes.edit, "post"],
      [apiPaths.notes.delete, "post"],
      [apiPaths.notes.list, "get"],
      [apiPaths.dashboard.summary, "get"],
    ];
    for (const [path, method] of paths) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.tags?.length, path).toBe(1);
      expect(op.responses["200"] ?? op.responses["201"], path).toBeDefined();
    }
    const params = doc.paths[apiPaths.invoices.list].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        "companyId",
        "sortOrder",
        "sortField",
        "searchQuery",
        "page",
        "limit",
        "status",
      ]),
    );
  });
});
