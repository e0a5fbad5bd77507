/** What one auth view hands the next through the navigation state. */
export interface Flash {
  email?: string;
  /** The emailed link's code: the login form finishes the verification. */
  verifyCode?: string;
  notice?: { kind: "success" | "error"; text: string };
  /** 'Use another email' was chosen: the emptied field takes the focus. */
  focusEmail?: boolean;
}

const isOptional = <T>(value: unknown, type: "string" | "boolean"): value is T | undefined =>
  value === undefined || typeof value === type;

/**
 * The history state is the app's own (other views set it); anything else reads as nothing. Checked
 * by hand so that /login's first load needs no schema library.
 */
export function readFlash(state: unknown): Flash {
  if (typeof state !== "object" || state === null) return {};
  const { email, verifyCode, notice, focusEmail } = state as Record<string, unknown>;
  if (!isOptional<string>(email, "string") || !isOptional<string>(verifyCode, "string")) return {};
  if (!isOptional<boolean>(focusEmail, "boolean")) return {};
  const flash: Flash = { email, verifyCode, focusEmail };
  if (notice === undefined) return flash;
  if (typeof notice !== "object" || notice === null) return {};
  const { kind, text } = notice as Record<string, unknown>;
  if ((kind !== "success" && kind !== "error") || typeof text !== "string") return {};
  return { ...flash, notice: { kind, text } };
}
