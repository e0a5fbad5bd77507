import { cookieNames } from "@recoup/contracts";
import Cookies from "js-cookie";

/**
 * The browser session: the id and access tokens and the current user, kept in cookies (Secure,
 * SameSite=Strict, per spec), plus the onboarding flag mirrored in localStorage. The refresh token
 * never reaches script: the API keeps it in an HttpOnly cookie.
 */

/** What the `user` cookie holds. Not the profile picture: a cookie is limited to 4 KB. */
export interface StoredUser {
  email: string;
  name: string;
  realmId: string | null;
  companyId: string | null;
  isOnboarded: boolean;
}

const isNullableString = (value: unknown) => value === null || typeof value === "string";

/**
 * The cookie is ours (setUser wrote it), so a check of its five fields is enough; by hand rather
 * than with zod, which /login's first load does without.
 */
function toStoredUser(value: unknown): StoredUser | null {
  if (typeof value !== "object" || value === null) return null;
  const { email, name, realmId, companyId, isOnboarded } = value as Record<string, unknown>;
  if (typeof email !== "string" || typeof name !== "string" || typeof isOnboarded !== "boolean") return null;
  if (!isNullableString(realmId) || !isNullableString(companyId)) return null;
  return {
    email,
    name,
    realmId: realmId as string | null,
    companyId: companyId as string | null,
    isOnboarded,
  };
}

export interface SessionSnapshot {
  hasToken: boolean;
  user: StoredUser | null;
  isOnboarded: boolean;
}

const ONBOARDED_KEY = "isOnboarded";
/** Sessions end after 30 days at most; the cookies need not outlive them. */
const cookieOptions = { secure: true, sameSite: "strict", path: "/", expires: 30 } as const;

const listeners = new Set<() => void>();

function readUser(): StoredUser | null {
  const raw = Cookies.get(cookieNames.user);
  if (!raw) return null;
  try {
    return toStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function readOnboardedFlag(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDED_KEY) === "true";
  } catch {
    return false;
  }
}

function read(): SessionSnapshot {
  const user = readUser();
  return {
    hasToken: Boolean(Cookies.get(cookieNames.idToken)),
    user,
    isOnboarded: Boolean(user?.isOnboarded) || readOnboardedFlag(),
  };
}

let snapshot: SessionSnapshot =
  typeof document === "undefined" ? { hasToken: false, user: null, isOnboarded: false } : read();

function emit() {
  const next = read();
  if (JSON.stringify(next) === JSON.stringify(snapshot)) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export const session = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: () => snapshot,
  getIdToken: () => Cookies.get(cookieNames.idToken),

  setTokens({ accessToken, idToken }: { accessToken?: string; idToken?: string }) {
    if (accessToken) Cookies.set(cookieNames.accessToken, accessToken, cookieOptions);
    if (idToken) Cookies.set(cookieNames.idToken, idToken, cookieOptions);
    emit();
  },

  setUser(user: StoredUser) {
    const stored = toStoredUser(user);
    if (!stored) throw new Error("session.setUser: not a user");
    Cookies.set(cookieNames.user, JSON.stringify(stored), cookieOptions);
    emit();
  },

  updateUser(patch: Partial<StoredUser>) {
    const user = readUser();
    if (user) session.setUser({ ...user, ...patch });
  },

  /** The onboarding setter: saves the flag to localStorage and into the stored user. */
  setIsOnboarded(value: boolean) {
    try {
      window.localStorage.setItem(ONBOARDED_KEY, String(value));
    } catch {
      // Storage unavailable: the user cookie still carries the flag.
    }
    const user = readUser();
    if (user && user.isOnboarded !== value) session.setUser({ ...user, isOnboarded: value });
    else emit();
  },

  /** Log out locally: every cookie script can see, and all of localStorage. */
  clear() {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: "/" });
    try {
      window.localStorage.clear();
    } catch {
      // Nothing stored.
    }
    emit();
  },
};
