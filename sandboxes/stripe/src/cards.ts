/**
 * Stripe's test cards (docs.stripe.com/testing), by number (typed on the portal page), by test
 * PaymentMethod id (`pm_card_visa`, for the API) and by token (`tok_visa`). `attach` is what
 * happens when the card is saved to a customer; `charge` what happens when it is charged later.
 */
import type { Decline } from "./errors.ts";

export interface TestCard {
  number: string;
  brand: "visa" | "mastercard" | "amex";
  /** Why saving the card fails (Stripe validates a card when it is attached). */
  attach?: Decline;
  /** Why charging the saved card fails. */
  charge?: Decline;
  pm: string;
  token: string;
}

export const DECLINES = {
  generic: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficientFunds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  expired: { code: "expired_card", message: "Your card has expired." },
  incorrectCvc: { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  processing: {
    code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
  noPaymentMethod: {
    code: "invoice_payment_intent_requires_action",
    message: "This customer has no attached payment source or default payment method.",
  },
} satisfies Record<string, Decline>;

export const TEST_CARDS: TestCard[] = [
  { number: "4242424242424242", brand: "visa", pm: "pm_card_visa", token: "tok_visa" },
  { number: "5555555555554444", brand: "mastercard", pm: "pm_card_mastercard", token: "tok_mastercard" },
  { number: "378282246310005", brand: "amex", pm: "pm_card_amex", token: "tok_amex" },
  {
    number: "4000000000000002",
    brand: "visa",
    attach: DECLINES.generic,
    charge: DECLINES.generic,
    pm: "pm_card_chargeDeclined",
    token: "tok_chargeDeclined",
  },
  {
    number: "4000000000009995",
    brand: "visa",
    charge: DECLINES.insufficientFunds,
    pm: "pm_card_chargeDeclinedInsufficientFunds",
    token: "tok_chargeDeclinedInsufficientFunds",
  },
  {
    number: "4000000000000069",
    brand: "visa",
    attach: DECLINES.expired,
    charge: DECLINES.expired,
    pm: "pm_card_chargeDeclinedExpiredCard",
    token: "tok_chargeDeclinedExpiredCard",
  },
  {
    number: "4000000000000127",
    brand: "visa",
    attach: DECLINES.incorrectCvc,
    charge: DECLINES.incorrectCvc,
    pm: "pm_card_chargeDeclinedIncorrectCvc",
    token: "tok_chargeDeclinedIncorrectCvc",
  },
  {
    number: "4000000000000119",
    brand: "visa",
    charge: DECLINES.processing,
    pm: "pm_card_chargeDeclinedProcessingError",
    token: "tok_chargeDeclinedProcessingError",
  },
  {
    // "Decline after attaching": saving works, every later charge fails
    number: "4000000000000341",
    brand: "visa",
    charge: DECLINES.generic,
    pm: "pm_card_chargeCustomerFail",
    token: "tok_chargeCustomerFail",
  },
];

export function cardByNumber(number: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.number === number);
}

export function cardByTestId(id: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.pm === id || c.token === id);
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}
