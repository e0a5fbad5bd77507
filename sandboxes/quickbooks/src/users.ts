import { createHash } from "node:crypto";

/** An Intuit identity, with the (camelCase) claims Intuit's userinfo endpoint returns. */
export interface IntuitUser {
  /** Intuit subjects are UUIDs. */
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName?: string;
  phoneNumber?: string;
  phoneNumberVerified?: boolean;
  address?: { streetAddress: string; locality: string; region: string; postalCode: string; country: string };
  /**
   * The company Intuit treats as the user's default: its realmId comes back on a sign-in-only
   * callback (and in the ID token). Set after a first accounting connection when missing.
   */
  defaultRealmId?: string;
}

export const TEST_USERS: readonly IntuitUser[] = [
  {
    sub: "5f1e3c1a-7b0d-4d4e-9a53-1d2f00000001",
    email: "ada@example.com",
    emailVerified: true,
    givenName: "Ada",
    familyName: "Lovelace",
    phoneNumber: "+1 6505550101",
    phoneNumberVerified: true,
    address: {
      streetAddress: "12 St James's Square",
      locality: "Mountain View",
      region: "CA",
      postalCode: "94043",
      country: "US",
    },
    defaultRealmId: "9341452000000001",
  },
  {
    sub: "5f1e3c1a-7b0d-4d4e-9a53-1d2f00000002",
    email: "grace@example.com",
    emailVerified: true,
    givenName: "Grace",
    familyName: "Hopper",
    phoneNumber: "+1 6505550102",
    phoneNumberVerified: false,
    defaultRealmId: "9341452000000002",
  },
  {
    sub: "5f1e3c1a-7b0d-4d4e-9a53-1d2f00000003",
    email: "alan@example.com",
    emailVerified: true,
    givenName: "Alan",
    familyName: "Turing",
  },
];

export function displayName(user: IntuitUser): string {
  return [user.givenName, user.familyName].filter(Boolean).join(" ");
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** A stable UUID-shaped subject for an email, so the same email is the same identity. */
function subFor(email: string): string {
  const hex = createHash("sha256").update(`intuit-sandbox:${email}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function namesFrom(email: string, name?: string): { givenName: string; familyName?: string } {
  const words = name?.trim()
    ? name.trim().split(/\s+/)
    : email
        .split("@")[0]!
        .split("+")[0]!
        .split(/[._-]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1));
  const [given = email, ...rest] = words;
  return rest.length ? { givenName: given, familyName: rest.join(" ") } : { givenName: given };
}

export class UserStore {
  readonly #users = new Map<string, IntuitUser>();

  constructor(users: readonly IntuitUser[] = TEST_USERS) {
    for (const user of users) this.#users.set(user.sub, { ...user });
  }

  list(): IntuitUser[] {
    return [...this.#users.values()];
  }

  /** The built-in test users, as listed on the consent page. */
  listed(): IntuitUser[] {
    return this.list().filter((u) => TEST_USERS.some((t) => t.sub === u.sub));
  }

  get(sub: string): IntuitUser | undefined {
    return this.#users.get(sub);
  }

  /** The user with this email, or a new verified identity for it. */
  ensure(email: string, name?: string): IntuitUser {
    const normalized = email.trim().toLowerCase();
    const existing = this.list().find((u) => u.email === normalized);
    if (existing) return existing;
    const user: IntuitUser = {
      sub: subFor(normalized),
      email: normalized,
      emailVerified: true,
      ...namesFrom(normalized, name),
    };
    this.#users.set(user.sub, user);
    return user;
  }
}
