import type { AddNoteRequest, EditNoteRequest, GetNotesQuery } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import type { AuthUser } from "../auth/index.ts";
import { customerExists, invoiceExists } from "../receivables/index.ts";
import * as repo from "./notes.repository.ts";

type Subject = Pick<GetNotesQuery, "type" | "invoiceId" | "customerRef">;

/** The invoice or customer a note is about; it must exist (and not be deleted) in the company. */
async function existingSubject(ctx: AppContext, companyId: string, s: Subject): Promise<repo.NoteSubject> {
  if (s.type === "invoice") {
    if (!s.invoiceId || !(await invoiceExists(ctx.db, companyId, s.invoiceId)))
      throw notFound("No such invoice.");
    return { type: "invoice", ref: s.invoiceId };
  }
  if (!s.customerRef || !(await customerExists(ctx.db, companyId, s.customerRef))) {
    throw notFound("No such customer.");
  }
  return { type: "customer", ref: s.customerRef };
}

const NO_NOTE = "No such note.";

export async function getNotes(ctx: AppContext, companyId: string, q: GetNotesQuery) {
  return repo.listNotes(ctx.db, companyId, await existingSubject(ctx, companyId, q));
}

export async function addNote(ctx: AppContext, companyId: string, author: AuthUser, req: AddNoteRequest) {
  const subject = await existingSubject(ctx, companyId, req);
  return repo.insertNote(ctx.db, {
    companyId,
    subject,
    content: req.content,
    authorId: author.id,
    authorName: author.name,
  });
}

export async function editNote(ctx: AppContext, companyId: string, req: EditNoteRequest) {
  const note = await repo.updateNote(ctx.db, companyId, req.noteId, req.content);
  if (!note) throw notFound(NO_NOTE);
  return note;
}

export async function deleteNote(ctx: AppContext, companyId: string, noteId: string) {
  if (!(await repo.deleteNote(ctx.db, companyId, noteId))) throw notFound(NO_NOTE);
}
