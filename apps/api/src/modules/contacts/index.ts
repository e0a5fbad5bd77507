export {
  forgetQuickBooksAddresses,
  markAddressBounced,
  type SyncedAddresses,
  syncQuickBooksAddresses,
} from "./contacts.repository.ts";
