/** A parsed message's header values as plain text: Message-IDs, addresses, any value. */
import type { AddressObject, HeaderValue } from "mailparser";

/** The Message-IDs of an In-Reply-To or References header (mailparser gives one id as a string). */
export const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((id) => id.trim())
    .filter((id) => /^<[^<>\s]+>$/.test(id));

export const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.toLowerCase() ?? "")
    .filter(Boolean);

export const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(" ");
  if (typeof value === "object" && "value" in value) {
    const v = (value as { value: unknown }).value;
    if (typeof v === "string") return v;
    if (Array.isArray(v)) return v.map((a) => (a as { address?: string }).address ?? "").join(" ");
  }
  if (typeof value === "object" && "text" in value) return String((value as { text: unknown }).text);
  return String(value);
};
