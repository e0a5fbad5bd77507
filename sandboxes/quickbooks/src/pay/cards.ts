/**
 * The card form of the payment page, checked the way a card form checks before charging, then
 * charged against QuickBooks Payments' test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000
 * 0002 declined; any future expiry and any CVC. Other numbers are refused (it is a sandbox).
 */

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = "number" | "expiry" | "cvc";

export type Charge =
  | { approved: true; last4: string }
  | { approved: false; status: number; message: string; field?: CardField };

const APPROVED = "4242424242424242";
const DECLINED = "4000000000000002";

/** The Luhn checksum every card number carries. */
function luhn(digits: string): boolean {
  const sum = [...digits].reverse().reduce((total, char, i) => {
    const d = Number(char) * (i % 2 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return sum % 10 === 0;
}

/** Month and year of `MM/YY`, `MM / YYYY` or `MMYY`, or undefined. */
function expiryOf(text: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]) + (match[2]!.length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

const refuse = (field: CardField, message: string): Charge => ({
  approved: false,
  status: 400,
  field,
  message,
});

/** Checks the form and charges the card; `now` decides whether the card has expired. */
export function chargeCard(form: CardForm, now: number): Charge {
  const number = form.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return refuse("number", "Enter a valid card number.");
  const expiry = expiryOf(form.expiry);
  if (!expiry) return refuse("expiry", "Enter the expiration date as MM/YY.");
  const today = new Date(now);
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
  if (expiry.year * 12 + expiry.month < thisMonth) return refuse("expiry", "This card has expired.");
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return refuse("cvc", "Enter the 3 or 4 digit security code.");
  if (number === DECLINED) {
    return {
      approved: false,
      status: 402,
      field: "number",
      message: "Your card was declined. Try another card, or contact your bank.",
    };
  }
  if (number !== APPROVED) {
    return refuse("number", "This sandbox takes test cards only: use 4242 4242 4242 4242.");
  }
  return { approved: true, last4: number.slice(-4) };
}
