import { authMessages, errorCodes } from "@recoup/contracts";

import { isApiError } from "@/lib/http";

/** What the login form shows for a failed login, and whether to offer the verify-email panel. */
export function loginErrorOutcome(error: unknown): { message: string; needsVerification: boolean } {
  if (isApiError(error, 403, errorCodes.emailNotVerified)) {
    return { message: error.message, needsVerification: true };
  }
  if (isApiError(error, 429)) return { message: error.message, needsVerification: false };
  // 401 (wrong email or password), network failures and anything else read the same.
  return { message: authMessages.loginFailed, needsVerification: false };
}

export function signupErrorMessage(error: unknown): string {
  if (
    isApiError(error) &&
    (error.code === errorCodes.validation || error.code === errorCodes.passwordTooCommon)
  ) {
    return error.message;
  }
  return authMessages.signupFailed;
}

export function sendResetErrorMessage(error: unknown): string {
  if (isApiError(error, 429)) return error.message;
  return authMessages.sendResetFailed;
}

export function resetErrorMessage(error: unknown): string {
  if (isApiError(error, 400, errorCodes.invalidCode)) return error.message;
  if (isApiError(error, 429)) return error.message;
  if (
    isApiError(error) &&
    (error.code === errorCodes.validation || error.code === errorCodes.passwordTooCommon)
  ) {
    return error.message;
  }
  return authMessages.resetFailed;
}

/** Verify / resend answers: the API's own message (invalid or expired code, too many tries). */
export function apiMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback;
}

export const oauthFailedMessage = {
  google: "Sign-in with Google failed. Please try again.",
  intuit: "Sign-in with Intuit failed. Please try again.",
} as const;

export const emailVerifiedMessage = "Your email is verified.";
export const verifyFailedMessage = "We could not verify your email. Please try again.";
/** The emailed link lands on the login form, which finishes the verification. */
export const verifyOnLoginMessage = "Log in with your password to finish verifying your email.";

/**
 * An emailed link whose code is refused: already used (opened twice, the address already verified)
 * or expired. The API answers both alike, so the login form says what to do in either case.
 */
export const verifyLinkUsedMessage =
  "This verification link has already been used or has expired. Log in to continue; if your email still needs verifying, you can ask for a new code there.";

/** The login's code step: a refused code (wrong, used, expired) reads the API's own message. */
export const loginCodeFailedMessage = "We could not check that code. Please try again.";
/** Heading of the login's code step. */
export const loginCodeTitle = "Check your email";
