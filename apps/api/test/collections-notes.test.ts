import { apiPaths } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { expectedCustomers, worldForFile } from "./collections-fixture.ts";
import { createUser } from "./kit/index.ts";

const w = worldForFile();

describe("notes", () => {
  const invoiceId = () => String([...w.store().invoices.keys()][3]);

  it("adds, lists (newest first), edits and deletes notes on an invoice, each with its author and times", async () => {
    const companyId = w.user.companyId;
    const add = (content: string) =>
      w.call("POST", apiPaths.notes.add, {
        token: w.user.token,
        body: { companyId, type: "invoice", invoiceId: invoiceId(), content },
      });
    const first = await add("  Called, promised Friday.  ");
    expect(first.status).toBe(201);
    const note = first.json.data.note;
    expect(note).toMatchObject({
      type: "invoice",
      invoiceId: invoiceId(),
      customerRef: null,
      content: "Called, promised Friday.",
      author: { id: expect.any(String), name: "Ada User" },
    });
    expect(Date.parse(note.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = (await add("Second call.")).json.data.note;

    const list = async () =>
      (
        await w.call(
          "GET",
          `${apiPaths.notes.list}?companyId=${companyId}&type=invoice&invoiceId=${invoiceId()}`,
          { token: w.user.token },
        )
      ).json.data.notes;
    expect((await list()).map((n: { id: string }) => n.id)).toEqual([second.id, note.id]);

    const edited = await w.call("POST", apiPaths.notes.edit, {
      token: w.user.token,
      body: { companyId, noteId: note.id, content: "Promised Monday instead." },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data.note).toMatchObject({ id: note.id, content: "Promised Monday instead." });
    expect(Date.parse(edited.json.data.note.updatedAt)).toBeGreaterThanOrEqual(Date.parse(note.updatedAt));
    expect((await list())[1]).toMatchObject({
      content: "Promised Monday instead.",
      createdAt: note.createdAt,
    });

    const deleted = await w.call("POST", apiPaths.notes.delete, {
      token: w.user.token,
      body: { companyId, noteId: second.id },
    });
    expect(deleted.json.data).toEqual({ deleted: true });
    expect((await list()).map((n: { id: string }) => n.id)).toEqual([note.id]);
    const again = await w.call("POST", apiPaths.notes.delete, {
      token: w.user.token,
      body: { companyId, noteId: second.id },
    });
    expect(again.status).toBe(404);
    const empty = await w.call("POST", apiPaths.notes.add, {
      token: w.user.token,
      body: { companyId, type: "invoice", invoiceId: invoiceId(), content: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Note cannot be empty");
  });

  it("keeps notes on customers apart from notes on invoices", async () => {
    const companyId = w.user.companyId;
    const customerRef = expectedCustomers(w.store())[1]!.customerRef;
    const added = await w.call("POST", apiPaths.notes.add, {
      token: w.user.token,
      body: { companyId, type: "customer", customerRef, content: "Prefers email." },
    });
    expect(added.status).toBe(201);
    expect(added.json.data.note).toMatchObject({ type: "customer", customerRef, invoiceId: null });
    const res = await w.call(
      "GET",
      `${apiPaths.notes.list}?companyId=${companyId}&type=customer&customerRef=${customerRef}`,
      { token: w.user.token },
    );
    expect(res.json.data.notes.map((n: { content: string }) => n.content)).toEqual(["Prefers email."]);
    const noSubject = await w.call("GET", `${apiPaths.notes.list}?companyId=${companyId}&type=customer`, {
      token: w.user.token,
    });
    expect(noSubject.status).toBe(400);
  });

  it("answers 404 for notes of an invoice or customer the company does not have", async () => {
    const companyId = w.user.companyId;
    for (const [type, key] of [
      ["invoice", "invoiceId"],
      ["customer", "customerRef"],
    ] as const) {
      const list = await w.call(
        "GET",
        `${apiPaths.notes.list}?companyId=${companyId}&type=${type}&${key}=999999`,
        { token: w.user.token },
      );
      expect(list.status).toBe(404);
      const add = await w.call("POST", apiPaths.notes.add, {
        token: w.user.token,
        body: { companyId, type, [key]: "999999", content: "x" },
      });
      expect(add.status).toBe(404);
    }
    const edit = await w.call("POST", apiPaths.notes.edit, {
      token: w.user.token,
      body: { companyId, noteId: "00000000-0000-4000-8000-000000000000", content: "x" },
    });
    expect(edit.status).toBe(404);
  });

  it("keeps the author's name on a note after the user is deleted", async () => {
    const companyId = w.user.companyId;
    const added = await w.call("POST", apiPaths.notes.add, {
      token: w.user.token,
      body: { companyId, type: "invoice", invoiceId: invoiceId(), content: "Written before leaving." },
    });
    const noteId = added.json.data.note.id;
    // A colleague in the same company reads it after the author's account is gone.
    const [author] = await w.t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, added.json.data.note.author.id));
    const colleague = await createUser(w.t, { firstName: "Cole" });
    await w.t.ctx.db.update(users).set({ companyId }).where(eq(users.email, colleague.email));
    await w.t.ctx.db.delete(users).where(eq(users.id, author!.id));
    const res = await w.call(
      "GET",
      `${apiPaths.notes.list}?companyId=${companyId}&type=invoice&invoiceId=${invoiceId()}`,
      { token: colleague.token },
    );
    expect(res.status).toBe(200);
    expect(res.json.data.notes.find((n: { id: string }) => n.id === noteId).author).toEqual({
      id: null,
      name: "Ada User",
    });
  });
});
