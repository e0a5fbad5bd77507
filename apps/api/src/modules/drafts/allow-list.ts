/**
 * What a draft may carry besides the invoice's figures: the company's own details as its profile
 * and signature give them (email address, phone, website, bank details, address lines), the names
 * on the invoice, and links the app gives (a customer page under APP_URL; later a
 * `{payment_link}`). A detail counts as the company's own when it is the same detail however
 * written: the same address, the same digits, the same site (any page of a site given bare, pages
 * under a link given with a path).
 */
import { findDetails } from "./detect/details.ts";
import { normalise } from "./detect/normalise.ts";
import type { Finding } from "./detect/sheet.ts";

export interface AllowList {
  /** Texts the company wrote or the records hold: the details in them, and their lines, are its own. */
  texts: string[];
  /** Links a draft may carry, whole or with more path after them: a customer page, a payment link. */
  links: string[];
}

export const NOTHING_ALLOWED: AllowList = { texts: [], links: [] };

/** The signature as text, with its links' targets kept beside their words. */
export const signatureText = (html: string) =>
  html
    .replace(/<a\b[^>]*?\bhref\s*=\s*["']?([^"'\s>]+)[^>]*>/gi, " $1 ")
    .replace(/<(?:br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, " ");

/** The company's allow-list: its name, its reply-to address, its signature and the customer's name. */
export const companyAllowList = (
  company: { name: string; replyTo: string | null; signature: string },
  customerName: string,
  links: string[] = [],
): AllowList => ({
  texts: [company.name, company.replyTo ?? "", signatureText(company.signature), customerName],
  links,
});

/** A link's site (without "www.") and its site-and-path, lower case; null when it does not parse. */
function linkParts(text: string): { host: string; page: string } | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    const host = url.hostname.toLowerCase().replace(/^www\d*\./, "");
    return { host, page: `${host}${url.pathname}${url.search}`.replace(/\/+$/, "") };
  } catch {
    return null;
  }
}

const digitsOf = (text: string) => text.replace(/\D/g, "");
const idOf = (f: Finding) =>
  `${f.kind === "payment handle" ? f.text[0] : ""}${f.text.replace(/[\W_]/g, "")}`.toUpperCase();
const emailOf = (f: Finding) =>
  (f.reads ?? f.text)
    .replace(/^mailto:/i, "")
    .split("?")[0]!
    .toLowerCase();

/** Two phone numbers are the same when their digits are, but for a country code of up to 3 digits. */
function samePhone(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 7 && long.endsWith(short) && long.length - short.length <= 3;
}

export interface OwnDetails {
  /** Sites any page of which is the company's. */
  sites: Set<string>;
  /** Pages (site and path) under which links are the company's or the app's. */
  pages: string[];
  emails: Set<string>;
  phones: string[];
  /** Bank, card and wallet numbers, codes and handles, as letters and digits. */
  ids: Set<string>;
  /** Lines of the company's texts with digits (an address, opening hours), read as normalised. */
  lines: string[];
}

const cache = new WeakMap<AllowList, OwnDetails>();

/** The details in the allow-list, read once per list. */
export function ownDetails(allow: AllowList): OwnDetails {
  const cached = cache.get(allow);
  if (cached) return cached;
  const own: OwnDetails = {
    sites: new Set(),
    pages: [],
    emails: new Set(),
    phones: [],
    ids: new Set(),
    lines: [],
  };
  for (const link of allow.links) {
    const parts = linkParts(link);
    if (parts) own.pages.push(parts.page);
  }
  for (const raw of allow.texts) {
    const { text } = normalise(raw);
    own.lines.push(
      ...text
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => /\d/.test(l) && l.length >= 4),
    );
    for (const f of findDetails(text, "").found) {
      if (f.kind === "link") {
        const parts = f.markup || f.reads ? null : linkParts(f.text);
        if (parts && parts.page === parts.host) own.sites.add(parts.host);
        else if (parts) own.pages.push(parts.page);
      } else if (f.kind === "email address") own.emails.add(emailOf(f));
      else if (f.kind === "phone number" || f.kind === "number") own.phones.push(digitsOf(f.reads ?? f.text));
      else own.ids.add(idOf(f));
    }
  }
  cache.set(allow, own);
  return own;
}

/** Whether a detail found in a draft is the company's own (or a link the app gave). */
export function isOwn(f: Finding, own: OwnDetails): boolean {
  if (f.markup) return false;
  switch (f.kind) {
    case "link": {
      const parts = f.reads ? null : linkParts(f.text);
      if (!parts) return false;
      const under = (page: string) => parts.page === page || /^[/?#]/.test(parts.page.slice(page.length));
      return own.sites.has(parts.host) || own.pages.some((p) => parts.page.startsWith(p) && under(p));
    }
    case "email address":
      return own.emails.has(emailOf(f));
    case "phone number":
    case "number":
      return own.phones.some((p) => samePhone(p, digitsOf(f.reads ?? f.text)));
    case "encoded text":
      return false;
    default:
      return own.ids.has(idOf(f));
  }
}
