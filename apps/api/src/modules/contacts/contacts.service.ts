/**
 * Changing a customer's contacts from Customer Details (decision 0017): Recoup's own are added,
 * edited and removed; QuickBooks' keep their address (QuickBooks owns it) but take a name and a
 * role. One contact per address, at most MAX_CONTACTS per customer.
 */
import {
  type ContactRole,
  type CustomerContact,
  contactMessages,
  errorCodes,
  MAX_CONTACTS,
} from "@recoup/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import * as repo from "./contacts.repository.ts";

export interface ContactInput {
  name: string | null;
  address: string;
  role: ContactRole;
}

const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);

export const toContact = (row: repo.ContactRow): CustomerContact => ({
  id: row.id,
  name: row.name,
  address: row.email,
  role: row.role,
  source: row.source,
  inQuickBooks: row.inQuickbooks,
  bouncedAt: row.bouncedAt?.toISOString() ?? null,
  bounceReason: row.bounceReason,
});

export async function customerContacts(db: DbOrTx, companyId: string, customerRef: string) {
  return (await repo.listContacts(db, companyId, customerRef)).map(toContact);
}

/** Runs `change` in a transaction, then answers the customer's contacts. */
async function changed(
  db: DbOrTx,
  companyId: string,
  customerRef: string,
  change: (tx: DbOrTx) => Promise<void>,
) {
  await db.transaction(change);
  return customerContacts(db, companyId, customerRef);
}

export function addContact(db: DbOrTx, companyId: string, customerRef: string, input: ContactInput) {
  return changed(db, companyId, customerRef, async (tx) => {
    if (await repo.addressTaken(tx, companyId, customerRef, input.address))
      throw conflict(contactMessages.duplicate);
    if ((await repo.countContacts(tx, companyId, customerRef)) >= MAX_CONTACTS) {
      throw badRequest(contactMessages.tooMany);
    }
    const { address, ...rest } = input;
    if (!(await repo.insertContact(tx, companyId, customerRef, { ...rest, email: address }))) {
      throw conflict(contactMessages.duplicate);
    }
  });
}

export function editContact(
  db: DbOrTx,
  companyId: string,
  customerRef: string,
  id: string,
  input: ContactInput,
) {
  return changed(db, companyId, customerRef, async (tx) => {
    const contact = await repo.findContact(tx, companyId, customerRef, id);
    if (!contact) throw notFound(contactMessages.notFound);
    const moved = input.address !== contact.email;
    if (moved && contact.inQuickbooks) throw conflict(contactMessages.quickBooksAddress);
    if (moved && (await repo.addressTaken(tx, companyId, customerRef, input.address))) {
      throw conflict(contactMessages.duplicate);
    }
    await repo.updateContact(tx, companyId, id, {
      name: input.name,
      role: input.role,
      // A new address has not bounced.
      ...(moved ? { email: input.address, bouncedAt: null, bounceReason: null } : {}),
    });
  });
}

export function removeContact(db: DbOrTx, companyId: string, customerRef: string, id: string) {
  return changed(db, companyId, customerRef, async (tx) => {
    const contact = await repo.findContact(tx, companyId, customerRef, id);
    if (!contact) throw notFound(contactMessages.notFound);
    if (contact.inQuickbooks) throw conflict(contactMessages.quickBooksRemove);
    await repo.deleteContact(tx, companyId, id);
  });
}
