import { apiPaths, type CustomerRefQuery, contactsResponseSchema } from "@recoup/contracts";

import { useContactsMutation } from "@/features/customers/api/contacts-mutation";
import { api } from "@/lib/api-client";

/** POST /v1/business/customer/contacts/remove { realmId, customerRef, id } → the contacts left. */
export async function removeContact(input: CustomerRefQuery & { id: string }) {
  const res = await api.post(apiPaths.customers.removeContact, input, { schema: contactsResponseSchema });
  return res.data.contacts;
}

export function useRemoveContact(ref: CustomerRefQuery) {
  return useContactsMutation(ref, (id: string) => removeContact({ ...ref, id }));
}
