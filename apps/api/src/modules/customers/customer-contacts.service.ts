/** Customer Details' contacts: the customer checked, then the contacts module's rules. */
import type { AppContext } from "../../context.ts";
import { addContact, type ContactInput, editContact, removeContact } from "../contacts/index.ts";
import { type CustomerOf, ownCustomer } from "./customer-access.ts";

export async function addCustomerContact(
  ctx: AppContext,
  companyId: string,
  ref: CustomerOf,
  input: ContactInput,
) {
  await ownCustomer(ctx, companyId, ref);
  return addContact(ctx.db, companyId, ref.customerRef, input);
}

export async function editCustomerContact(
  ctx: AppContext,
  companyId: string,
  ref: CustomerOf,
  id: string,
  input: ContactInput,
) {
  await ownCustomer(ctx, companyId, ref);
  return editContact(ctx.db, companyId, ref.customerRef, id, input);
}

export async function removeCustomerContact(ctx: AppContext, companyId: string, ref: CustomerOf, id: string) {
  await ownCustomer(ctx, companyId, ref);
  return removeContact(ctx.db, companyId, ref.customerRef, id);
}
