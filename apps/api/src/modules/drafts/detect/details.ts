/**
 * The details a draft may carry only when they are the company's own: links, email and web
 * addresses, phone numbers, bank, card and routing numbers, IBANs, sort codes, SWIFT codes, wallet
 * addresses, payment handles and encoded text. Each detector blanks what it takes, so the next one
 * (and the figures read after them) does not read it again.
 */
import { findBankDetails } from "./bank-numbers.ts";
import { findEmails, findHandles, findPhones } from "./contacts.ts";
import { findEncoded } from "./encoded.ts";
import { findLinkMarkup, findWebAddresses } from "./links.ts";
import type { Sheet } from "./sheet.ts";

/**
 * The details in a normalised text, in the order they are looked for, and the text with them
 * blanked. `invoiceNumber` is the draft's own invoice, which no detector takes for a bank number.
 */
export function findDetails(text: string, invoiceNumber: string): Sheet {
  const sheet: Sheet = { text, found: [] };
  findLinkMarkup(sheet);
  findEmails(sheet);
  findWebAddresses(sheet);
  findEncoded(sheet);
  findBankDetails(sheet, invoiceNumber);
  findHandles(sheet);
  findPhones(sheet, invoiceNumber);
  sheet.found.sort((a, b) => a.index - b.index);
  return sheet;
}
