/**
 * The auth contract's plain values: messages, patterns, cookie and header names. No zod here, so
 * the web app's first load (/login) can import them without the schemas (auth.ts has those).
 */

/** Texts the spec fixes (section 5); the forms and the API use the same ones. */
export const authMessages = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  invalidEmail: "Please enter a valid email address",
  emailRequired: "Email is required",
  passwordRule:
    "Password must be 8-30 characters long, include at least one uppercase letter, one lowercase letter, one number, and one special character.",
  passwordsDoNotMatch: "Passwords do not match",
  fillAllFields: "Please fill in all fields",
  codeRequired: "Verification code is required",
  codeSixDigits: "Verification code must be 6 digits",
  newPasswordRequired: "New password is required",
  passwordTooCommon: "This password is too common. Please choose another.",
  loginFailed: "Login failed. Please check your credentials.",
  signupFailed: "Registration failed. Please try again.",
  sendResetFailed: "Failed to send reset code. Please try again.",
  resetFailed: "Failed to reset password. Please try again.",
  signupSuccess: "Account created successfully! Please check your email for verification.",
  resetSuccess: "Password has been reset successfully! Please login with your new password.",
  emailNotVerified: "Please verify your email address before logging in. We sent you a 6-digit code.",
  passwordRequired: "Password is required",
  passwordMismatch:
    "That is not the password this account was created with. Choose the password you want to keep: any other password will stop working.",
  tooManyRequests: "Too many attempts. Please wait a while and try again.",
} as const;

/** The standard email pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** No control or format characters: NUL, bidirectional controls, zero-width characters. */
export const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Cf}]*$/u;
/** 8 to 30 characters, upper, lower, digit and one of @$!%*?&, nothing else. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,30}$/;
export const CODE_PATTERN = /^\d{6}$/;

/**
 * One spelling per address: compatibility forms (full-width letters, ＠) fold to plain ones
 * (NFKC) and case is ignored, so look-alikes are the same account. The email schemas (auth.ts) fold
 * the same way; this is for emails that come another way (path parameters, a provider's claims).
 */
export const normaliseEmail = (email: string) => email.normalize("NFKC").trim().toLowerCase();

/** Cookie names shared by the API (which sets the refresh cookie) and the web app. */
export const cookieNames = {
  idToken: "idToken",
  accessToken: "accessToken",
  user: "user",
  /** HttpOnly, set and read only by the API. */
  refreshToken: "__Host-recoup_rt",
  /** HttpOnly, binds an OAuth round trip to this browser. */
  oauthTransaction: "__Host-recoup_oauth",
  /** HttpOnly, signed: this browser has signed in to the account before (no code step, its own budget). */
  device: "__Host-recoup_device",
  sidebarState: "sidebar_state",
} as const;

/** What login's code step (202) says; the API sends it, the browser shows it. */
export const loginCodeSentMessage = (email: string) =>
  `We sent a 6-digit code to ${email}. Enter it to finish logging in on this browser.`;

export const renewalHeaders = {
  accessToken: "x-new-access-token",
  idToken: "x-new-id-token",
} as const;
