import { createHash } from "node:crypto";

/** A Google identity of the sandbox, with the claims an ID token and userinfo carry. */
export interface GoogleAccount {
  /** Google-style numeric subject identifier. */
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name?: string;
  /** A data: URL (SVG initials), so pages never fetch anything from outside. */
  picture: string;
  locale: string;
}

type AccountSeed = Omit<GoogleAccount, "picture" | "locale">;

const SEEDS: AccountSeed[] = [
  {
    sub: "104236741298735650001",
    email: "ada@example.com",
    email_verified: true,
    name: "Ada Lovelace",
    given_name: "Ada",
    family_name: "Lovelace",
  },
  {
    sub: "104236741298735650002",
    email: "grace@example.com",
    email_verified: true,
    name: "Grace Hopper",
    given_name: "Grace",
    family_name: "Hopper",
  },
  {
    sub: "104236741298735650003",
    email: "mallory@example.com",
    email_verified: false,
    name: "Mallory Unverified",
    given_name: "Mallory",
    family_name: "Unverified",
  },
];

const COLORS = ["#1a73e8", "#d93025", "#188038", "#e37400", "#9334e6", "#007b83"];

/** A small round avatar with the person's initials, as a data: URL. */
export function avatarDataUrl(name: string, seed: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?";
  const color = COLORS[createHash("sha256").update(seed).digest()[0]! % COLORS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${color}"/>` +
    `<text x="48" y="60" font-family="Arial,sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials.replace(/[<>&"]/g, "")}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

function complete(seed: AccountSeed): GoogleAccount {
  return { ...seed, picture: avatarDataUrl(seed.name, seed.email), locale: "en" };
}

/** The built-in test accounts shown on the account chooser. */
export const TEST_ACCOUNTS: readonly GoogleAccount[] = SEEDS.map(complete);

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** "jane.q-doe+test" -> "Jane Q Doe" */
function nameFromEmail(email: string): string {
  const local = email.split("@")[0]!.split("+")[0]!;
  const words = local.split(/[._-]+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" ") || local;
}

/** Stable 21-digit subject for an email, so the same email always maps to the same identity. */
function subFor(email: string): string {
  const digest = createHash("sha256").update(`google-sandbox:${email}`).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, "0")}`;
}

export class AccountStore {
  readonly #bySub = new Map<string, GoogleAccount>();

  constructor(seed: readonly GoogleAccount[] = TEST_ACCOUNTS) {
    for (const account of seed) this.#bySub.set(account.sub, account);
  }

  list(): GoogleAccount[] {
    return [...this.#bySub.values()];
  }

  /** The built-in accounts (those listed on the chooser). */
  listed(): GoogleAccount[] {
    return this.list().filter((a) => TEST_ACCOUNTS.some((t) => t.sub === a.sub));
  }

  find(sub: string): GoogleAccount | undefined {
    return this.#bySub.get(sub);
  }

  findByEmail(email: string): GoogleAccount | undefined {
    const wanted = email.trim().toLowerCase();
    return this.list().find((a) => a.email === wanted);
  }

  /** Returns the account with this email, creating a verified identity for a new one. */
  ensure(email: string, name?: string): GoogleAccount {
    const normalized = email.trim().toLowerCase();
    const existing = this.findByEmail(normalized);
    if (existing) return existing;
    const fullName = name?.trim() || nameFromEmail(normalized);
    const [given, ...rest] = fullName.split(/\s+/);
    const account = complete({
      sub: subFor(normalized),
      email: normalized,
      email_verified: true,
      name: fullName,
      given_name: given ?? fullName,
      ...(rest.length ? { family_name: rest.join(" ") } : {}),
    });
    this.#bySub.set(account.sub, account);
    return account;
  }
}
