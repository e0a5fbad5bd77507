/**
 * Ways to reach or pay someone: email addresses, payment handles (`$cashtag`, `@venmo`) and phone
 * numbers, and the long numbers nothing else explains ("Send it to 5550109999").
 */
import { DIGIT_RUN, isFigure, labelBefore } from "./bank-numbers.ts";
import { collect, type Sheet } from "./sheet.ts";

const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,63}/gu;
const HANDLE =
  /(?<![\p{L}\p{N}@.$])(?:\$[A-Za-z][\w-]{1,30}|@[A-Za-z0-9_][\w.-]{1,30}[A-Za-z0-9_])(?![\p{L}\p{N}])/gu;

export function findEmails(sheet: Sheet): void {
  collect(sheet, EMAIL, () => ({ kind: "email address" }));
}

/** Cash App's `$EvilPay`, Venmo's or a social network's `@evil-pay`. */
export function findHandles(sheet: Sheet): void {
  collect(sheet, HANDLE, () => ({ kind: "payment handle" }));
}

/** A phone number's look: "+1 …", "(555) …", "555-010-9999", "020 7946 0958". */
const PHONE_SHAPE = /^(?:\+|00|\()|^\d{3}[ .-]\d{3}[ .-]?\d{4}$|^\d{3,5}[ .-]\d{3,4}[ .-]?\d{3,4}$/;

/** Numbers of 7 to 15 digits left unexplained: phone numbers when called so or shaped so. */
export function findPhones(sheet: Sheet, invoiceNumber: string): void {
  collect(sheet, DIGIT_RUN, (m, text) => {
    if (isFigure(m, text, invoiceNumber)) return null;
    const digits = m[0].replace(/\D/g, "");
    if (digits.length < 7 || digits.length > 15) return null;
    const called = labelBefore(text, m.index) === "phone number";
    return { kind: called || PHONE_SHAPE.test(m[0]) ? "phone number" : "number" };
  });
}
