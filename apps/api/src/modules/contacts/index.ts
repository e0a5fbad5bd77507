export {
  forgetQuickBooksAddresses,
  markAddressBounced,
  type SyncedAddresses,
  syncQuickBooksAddresses,
} from "./contacts.repository.ts";
export {
  addContact,
  type ContactInput,
  customerContacts,
  editContact,
  removeContact,
} from "./contacts.service.ts";
export {
  bouncedAddresses,
  contactAddresses,
  firstBillingAddress,
  firstBillingContact,
  type RecipientContact,
  recipientContacts,
} from "./recipients.repository.ts";
