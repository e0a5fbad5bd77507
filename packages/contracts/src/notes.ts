import { z } from "zod";
import { companyIdSchema } from "./lists.ts";

export const MAX_NOTE_LENGTH = 5_000;
export const noteTypeSchema = z.enum(["invoice", "customer"]);
export type NoteType = z.infer<typeof noteTypeSchema>;

/**
 * A note is on an invoice (`invoiceId`, the QuickBooks invoice Id) or on a customer (`customerRef`).
 * The spec's get-notes names the subject `invoiceId`; for customer notes `customerRef` is used.
 */
const subject = {
  companyId: companyIdSchema,
  type: noteTypeSchema,
  invoiceId: z.string().min(1).max(64).optional(),
  customerRef: z.string().min(1).max(64).optional(),
};
const subjectNamed = (v: {
  type: NoteType;
  invoiceId?: string | undefined;
  customerRef?: string | undefined;
}) => (v.type === "invoice" ? Boolean(v.invoiceId) : Boolean(v.customerRef));
const subjectMessage = { message: "invoiceId is required for invoice notes, customerRef for customer notes" };

/** GET /v1/business/note/get-notes: newest first. */
export const getNotesQuerySchema = z.object(subject).refine(subjectNamed, subjectMessage);
export type GetNotesQuery = z.infer<typeof getNotesQuerySchema>;

export const noteContentSchema = z.string().trim().min(1, "Note cannot be empty").max(MAX_NOTE_LENGTH);

/** POST /v1/business/note/add-note */
export const addNoteRequestSchema = z
  .object({ ...subject, content: noteContentSchema })
  .refine(subjectNamed, subjectMessage);
export type AddNoteRequest = z.infer<typeof addNoteRequestSchema>;

/** POST /v1/business/note/edit-note */
export const editNoteRequestSchema = z.object({
  companyId: companyIdSchema,
  noteId: z.uuid(),
  content: noteContentSchema,
});
export type EditNoteRequest = z.infer<typeof editNoteRequestSchema>;

/** POST /v1/business/note/delete-note */
export const deleteNoteRequestSchema = z.object({ companyId: companyIdSchema, noteId: z.uuid() });
export type DeleteNoteRequest = z.infer<typeof deleteNoteRequestSchema>;

export const noteSchema = z.object({
  id: z.string(),
  type: noteTypeSchema,
  invoiceId: z.string().nullable(),
  customerRef: z.string().nullable(),
  content: z.string(),
  author: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesResponseSchema = z.object({ data: z.object({ notes: z.array(noteSchema) }) });
export const noteResponseSchema = z.object({ data: z.object({ note: noteSchema }) });
export const deleteNoteResponseSchema = z.object({ data: z.object({ deleted: z.boolean() }) });
