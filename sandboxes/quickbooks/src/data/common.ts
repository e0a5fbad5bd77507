import {
  type Address,
  type CompanyInfoRecord,
  type CustomerRecord,
  type InvoiceRecord,
  ITEMS,
  type Lines,
  linesTotal,
  TERMS,
} from "../accounting/records.ts";
import { DAY_MS, dayStart, localDay } from "../accounting/time.ts";
import {
  BUSINESS_KINDS,
  BUSINESS_WORDS,
  CITIES,
  FAMILY_NAMES,
  GIVEN_NAMES,
  STREETS,
  SUFFIXES,
} from "./names.ts";
import type { Random } from "./random.ts";

export interface GenerateOptions {
  realmId: string;
  /** Company name (CompanyInfo). */
  name: string;
  /** Same seed (and realmId), same data. Default 1. */
  seed?: number;
  /** The "today" of the data: due dates, overdue days and timestamps are relative to it. */
  now: number;
  /** Home currency (default USD). */
  currency?: string;
}

/** Dates and times of generated data, relative to a fixed instant. */
export class Clock {
  readonly today: number;
  constructor(readonly anchor: number) {
    this.today = localDay(anchor);
  }

  /** A time during business hours of a local day, never later than a minute before the anchor. */
  stamp(random: Random, day: number, notBefore = 0): number {
    const time = dayStart(day) + random.int(8 * 3600, 18 * 3600) * 1000;
    return Math.min(Math.max(time, notBefore), this.anchor - 60_000);
  }
}

export function companyInfo(options: GenerateOptions, clock: Clock): CompanyInfoRecord {
  const created = clock.anchor - 3 * 365 * DAY_MS;
  return {
    realmId: options.realmId,
    name: options.name,
    country: "US",
    currency: options.currency ?? "USD",
    email: "noreply@quickbooks.example.com",
    phone: "(650) 944-4444",
    address: {
      line1: "2500 Garcia Ave",
      city: "Mountain View",
      region: "CA",
      postalCode: "94043",
      country: "US",
    },
    startDate: localDay(created),
    created,
    updated: created + 7 * DAY_MS,
    paymentsEnabled: true,
  };
}

export function pickTerm(random: Random): number {
  const r = random.next();
  return r < 0.6 ? 2 : r < 0.8 ? 1 : r < 0.9 ? 0 : 3;
}

export const termDays = (term: number): number => TERMS[term]?.days ?? 30;

/** 1 to 3 sales lines; totals land between tens and a few thousand dollars. */
export function makeLines(random: Random): { lines: Lines; total: number } {
  const lines: Lines = [];
  const count = random.int(1, 3);
  for (let i = 0; i < count; i++) {
    const item = random.int(0, ITEMS.length - 1);
    const qty = item === 1 ? random.int(1, 24) : random.int(1, 6);
    const unit = Math.round((ITEMS[item]!.price * (0.8 + 0.4 * random.next())) / 5) * 5;
    lines.push(item, qty, unit);
  }
  return { lines, total: linesTotal(lines) };
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");
}

export function address(random: Random, currency: string): Address {
  const place = random.pick(CITIES[currency] ?? CITIES.USD!);
  return { line1: `${random.int(10, 9999)} ${random.pick(STREETS)}`, ...place };
}

export interface CustomerDraft {
  id: number;
  currency: string;
  withEmail: boolean;
  created: number;
  /** Used to build a unique name. */
  names: Set<string>;
}

/** A customer: a business (with a contact) or, one time in four, a person. */
export function makeCustomer(random: Random, draft: CustomerDraft): CustomerRecord {
  const givenName = random.pick(GIVEN_NAMES);
  const familyName = random.pick(FAMILY_NAMES);
  const isPerson = random.chance(0.25);
  let displayName = isPerson
    ? `${givenName} ${familyName}`
    : `${random.pick(BUSINESS_WORDS)} ${random.pick(BUSINESS_KINDS)}${random.pick(SUFFIXES)}`;
  if (draft.names.has(displayName.toLowerCase())) {
    displayName = isPerson
      ? `${givenName} ${familyName} ${draft.id}`
      : `${random.pick(BUSINESS_WORDS)} ${random.pick(BUSINESS_WORDS)} ${random.pick(BUSINESS_KINDS)}`;
    if (draft.names.has(displayName.toLowerCase())) displayName = `${displayName} ${draft.id}`;
  }
  draft.names.add(displayName.toLowerCase());
  const domain = `${slug(isPerson ? familyName : displayName)}.example.com`;
  return {
    id: draft.id,
    syncToken: 0,
    created: draft.created,
    updated: draft.created,
    displayName,
    givenName,
    familyName,
    ...(isPerson ? {} : { companyName: displayName }),
    ...(draft.withEmail ? { email: isPerson ? `${slug(givenName)}@${domain}` : `billing@${domain}` } : {}),
    phone: `(${random.int(201, 989)}) 555-${String(random.int(0, 9999)).padStart(4, "0")}`,
    address: address(random, draft.currency),
    currency: draft.currency,
    active: true,
    balance: 0,
  };
}

/** Splits a total into a partial payment: 20% to 80%, in whole cents. */
export function partialAmount(random: Random, total: number): number {
  return Math.max(1, Math.min(total - 1, Math.round(total * (0.2 + 0.6 * random.next()))));
}

/**
 * Second addresses and copies, set by position and drawing nothing from the seed's sequence, so
 * every other figure stays as it was: every fourth customer with an email (the 2nd, 6th, ...) also
 * has `ap@` its domain in PrimaryEmailAddr; every fifth invoice billed by email (the 3rd, 8th, ...)
 * copies `accounts@` its domain (BillEmailCc), and every ninth (the 5th, 14th, ...) also
 * blind-copies `records@` it (BillEmailBcc).
 */
export function addCopies(customers: CustomerRecord[], invoices: Iterable<InvoiceRecord>): void {
  const domain = (address: string) => address.slice(address.indexOf("@") + 1);
  let n = 0;
  for (const c of customers) {
    if (c.email && n++ % 4 === 1) c.moreEmails = [`ap@${domain(c.email)}`];
  }
  let m = 0;
  for (const inv of invoices) {
    if (!inv.email) continue;
    if (m % 5 === 2) inv.emailCc = `accounts@${domain(inv.email)}`;
    if (m % 9 === 4) inv.emailBcc = `records@${domain(inv.email)}`;
    m++;
  }
}
