export type AuthMode = "login" | "signup" | "forgot";

/** /signup forces signup and /forgot-password the forgot form; otherwise ?mode=login|signup picks. */
export function resolveAuthMode(forced: AuthMode | undefined, modeParam: string | null): AuthMode {
  if (forced) return forced;
  return modeParam === "signup" ? "signup" : "login";
}
