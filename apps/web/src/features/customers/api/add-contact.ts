import {
  type AddContactRequest,
  apiPaths,
  type CustomerRefQuery,
  contactsResponseSchema,
} from "@recoup/contracts";

import { useContactsMutation } from "@/features/customers/api/contacts-mutation";
import { api } from "@/lib/api-client";

export type ContactFields = Omit<AddContactRequest, "realmId" | "customerRef">;

/** POST /v1/business/customer/contacts/add { realmId, customerRef, name?, address, role } → the contacts. */
export async function addContact(input: AddContactRequest) {
  const res = await api.post(apiPaths.customers.addContact, input, { schema: contactsResponseSchema });
  return res.data.contacts;
}

export function useAddContact(ref: CustomerRefQuery) {
  return useContactsMutation(ref, (fields: ContactFields) => addContact({ ...ref, ...fields }));
}
