import type { Note, NoteType } from "@recoup/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { notes } from "../../db/schema/index.ts";

export interface NoteSubject {
  type: NoteType;
  /** The invoice's or the customer's QuickBooks Id. */
  ref: string;
}

const subjectColumn = (type: NoteType) => (type === "invoice" ? notes.invoiceQbId : notes.customerQbId);

export const toNote = (row: typeof notes.$inferSelect): Note => ({
  id: row.id,
  type: row.type,
  invoiceId: row.invoiceQbId,
  customerRef: row.customerQbId,
  content: row.content,
  author: { id: row.authorId, name: row.authorName },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listNotes(db: DbOrTx, companyId: string, subject: NoteSubject) {
  const rows = await db
    .select()
    .from(notes)
    .where(
      and(
        eq(notes.companyId, companyId),
        eq(notes.type, subject.type),
        eq(subjectColumn(subject.type), subject.ref),
      ),
    )
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return rows.map(toNote);
}

export async function insertNote(
  db: DbOrTx,
  values: { companyId: string; subject: NoteSubject; content: string; authorId: string; authorName: string },
) {
  const { subject, ...rest } = values;
  const [row] = await db
    .insert(notes)
    .values({
      ...rest,
      type: subject.type,
      invoiceQbId: subject.type === "invoice" ? subject.ref : null,
      customerQbId: subject.type === "customer" ? subject.ref : null,
    })
    .returning();
  return toNote(row!);
}

/** Changes a note of the company; undefined when it has no such note. */
export async function updateNote(db: DbOrTx, companyId: string, noteId: string, content: string) {
  const [row] = await db
    .update(notes)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(notes.id, noteId), eq(notes.companyId, companyId)))
    .returning();
  return row && toNote(row);
}

export async function deleteNote(db: DbOrTx, companyId: string, noteId: string) {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, noteId), eq(notes.companyId, companyId)))
    .returning({ id: notes.id });
  return rows.length === 1;
}
