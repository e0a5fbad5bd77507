import { z } from "zod";

import {
  authMessages,
  CODE_PATTERN,
  EMAIL_PATTERN,
  NO_CONTROL_CHARACTERS,
  PASSWORD_PATTERN,
} from "./auth-constants.ts";

/** An email field: normalised, then checked (refusing control characters); `required` for empty. */
const emailField = (required: string) =>
  z
    .string()
    .normalize("NFKC")
    .trim()
    .min(1, required)
    .max(254, authMessages.invalidEmail)
    .regex(NO_CONTROL_CHARACTERS, authMessages.invalidEmail)
    .regex(EMAIL_PATTERN, authMessages.invalidEmail)
    .toLowerCase();

export const emailSchema = emailField(authMessages.emailRequired);
export const passwordSchema = z.string().regex(PASSWORD_PATTERN, authMessages.passwordRule);
export const codeSchema = z
  .string()
  .trim()
  .min(1, authMessages.codeRequired)
  .regex(CODE_PATTERN, authMessages.codeSixDigits);

export const signupRequestSchema = z.object({
  firstName: z.string().trim().min(1, authMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, authMessages.lastNameRequired).max(100),
  // The spec has one message for the signup email, empty or not.
  email: emailField(authMessages.invalidEmail),
  password: passwordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: z
    .string()
    .normalize("NFKC")
    .trim()
    .min(1, authMessages.fillAllFields)
    .max(254, authMessages.invalidEmail)
    .regex(NO_CONTROL_CHARACTERS, authMessages.invalidEmail)
    .toLowerCase(),
  password: z.string().min(1, authMessages.fillAllFields).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokensSchema = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  IdToken: z.string(),
});
export const loginResponseSchema = z.object({ data: tokensSchema });
export type Tokens = z.infer<typeof tokensSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * 202 from login: this browser is not one the account knows and the account has had failed logins
 * lately, so the login finishes with a 6-digit code emailed to the account (sent only when the
 * password was right; the answer is the same either way). `challenge` binds the code to this login.
 */
export const loginCodeChallengeSchema = z.object({
  codeRequired: z.literal(true),
  email: z.string(),
  challenge: z.string(),
  message: z.string(),
});
export const loginCodeChallengeResponseSchema = z.object({ data: loginCodeChallengeSchema });
export type LoginCodeChallenge = z.infer<typeof loginCodeChallengeSchema>;
/** What login answers: tokens (200), or the code step (202). */
export const loginResultSchema = z.union([loginResponseSchema, loginCodeChallengeResponseSchema]);
export const loginCodeRequestSchema = z.object({
  email: emailSchema,
  challenge: z.string().min(1).max(512),
  code: codeSchema,
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;

const newPasswordSchema = z.string().min(1, authMessages.newPasswordRequired).pipe(passwordSchema);

/**
 * The code proves the inbox; the password says who keeps the account. `password` must be the
 * account's current one (else 409 PASSWORD_MISMATCH, and the code stays open); `newPassword`
 * replaces every other, as a reset does. Either way the answer signs the verifier in.
 */
export const verifyEmailRequestSchema = z
  .object({
    email: emailSchema,
    code: codeSchema,
    password: z.string().min(1, authMessages.passwordRequired).max(1024).optional(),
    newPassword: newPasswordSchema.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.newPassword === undefined), {
    message: authMessages.passwordRequired,
    path: ["password"],
  });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/**
 * The emailed link's address and code. `open`: the address still waits for verification and the
 * code can verify it; a verified, expired, replaced or unknown one answers `false` alike.
 */
export const verifyEmailCheckRequestSchema = z.object({ email: emailSchema, code: codeSchema });
export type VerifyEmailCheckRequest = z.infer<typeof verifyEmailCheckRequestSchema>;
export const verifyEmailCheckResponseSchema = z.object({ data: z.object({ open: z.boolean() }) });
export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** API clients may send the refresh token in the body; the browser sends its HttpOnly cookie. */
export const refreshRequestSchema = z.object({ RefreshToken: z.string().min(1).optional() }).nullish();

export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const userDetailsSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  realmId: z.string().nullable(),
  companyId: z.string().nullable(),
  isOnboarded: z.boolean(),
  profilePic: z.string().nullable(),
});
export const userDetailsResponseSchema = z.object({ data: userDetailsSchema });
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const oauthProviderSchema = z.enum(["google", "intuit"]);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;
export const oauthCallbackRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  iss: z.string().max(512).optional(),
  realmId: z.string().max(64).optional(),
});
export type OAuthCallbackRequest = z.infer<typeof oauthCallbackRequestSchema>;
