import { apiPaths, notesResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** What the notes are on: an invoice (its QuickBooks id) or a customer. */
export type NotesRef =
  | { companyId: string; type: "invoice"; invoiceId: string }
  | { companyId: string; type: "customer"; customerRef: string };

/** GET /v1/business/note/get-notes?companyId&type&invoiceId|customerRef: newest first. */
export async function getNotes(ref: NotesRef) {
  const res = await api.get(apiPaths.notes.list, { query: { ...ref }, schema: notesResponseSchema });
  return res.data.notes;
}

export const notesQueryKey = (ref: NotesRef) =>
  ["notes", ref.type, ref.companyId, ref.type === "invoice" ? ref.invoiceId : ref.customerRef] as const;

export const notesQueryOptions = (ref: NotesRef) =>
  queryOptions({ queryKey: notesQueryKey(ref), queryFn: () => getNotes(ref) });

export function useNotes(ref: NotesRef) {
  return useQuery(notesQueryOptions(ref));
}
