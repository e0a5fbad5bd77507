import {
  apiPaths,
  type CustomerRefQuery,
  contactsResponseSchema,
  type EditContactRequest,
} from "@recoup/contracts";

import { useContactsMutation } from "@/features/customers/api/contacts-mutation";
import { api } from "@/lib/api-client";

/** POST /v1/business/customer/contacts/edit { realmId, customerRef, id, name?, address, role } → the contacts. */
export async function editContact(input: EditContactRequest) {
  const res = await api.post(apiPaths.customers.editContact, input, { schema: contactsResponseSchema });
  return res.data.contacts;
}

export function useEditContact(ref: CustomerRefQuery) {
  return useContactsMutation(ref, (fields: Omit<EditContactRequest, "realmId" | "customerRef">) =>
    editContact({ ...ref, ...fields }),
  );
}
