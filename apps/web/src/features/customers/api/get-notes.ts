import { apiPaths, notesResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export interface CustomerNotesRef {
  companyId: string;
  customerRef: string;
}

/** GET /v1/business/note/get-notes?companyId&type=customer&customerRef: newest first. */
export async function getCustomerNotes({ companyId, customerRef }: CustomerNotesRef) {
  const res = await api.get(apiPaths.notes.list, {
    query: { companyId, type: "customer", customerRef },
    schema: notesResponseSchema,
  });
  return res.data.notes;
}

export const customerNotesQueryKey = (ref: CustomerNotesRef) =>
  ["notes", "customer", ref.companyId, ref.customerRef] as const;

export const customerNotesQueryOptions = (ref: CustomerNotesRef) =>
  queryOptions({ queryKey: customerNotesQueryKey(ref), queryFn: () => getCustomerNotes(ref) });

export function useCustomerNotes(ref: CustomerNotesRef) {
  return useQuery(customerNotesQueryOptions(ref));
}
