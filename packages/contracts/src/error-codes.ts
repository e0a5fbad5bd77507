/** The codes of the error body (errors.ts); no zod here, so any page may import them cheaply. */
export const errorCodes = {
  validation: "VALIDATION_ERROR",
  badRequest: "BAD_REQUEST",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  rateLimited: "RATE_LIMITED",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  invalidCredentials: "INVALID_CREDENTIALS",
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  invalidCode: "INVALID_CODE",
  passwordTooCommon: "PASSWORD_TOO_COMMON",
  passwordMismatch: "PASSWORD_MISMATCH",
  invalidRefreshToken: "INVALID_REFRESH_TOKEN",
  refreshRace: "REFRESH_RACE",
  invalidImage: "INVALID_IMAGE",
  imageTooLarge: "IMAGE_TOO_LARGE",
  notOnboarded: "NOT_ONBOARDED",
  alreadyOnboarded: "ALREADY_ONBOARDED",
  oauthFailed: "OAUTH_FAILED",
  /** Turning reminders on without `confirm: true`; `details` holds the enable preview. */
  confirmationRequired: "CONFIRMATION_REQUIRED",
  /** The invoice cannot be reminded: paid, voided, no balance or no email address. */
  notRemindable: "NOT_REMINDABLE",
  /** 402: the trial ended or the subscription is not active. */
  subscriptionRequired: "SUBSCRIPTION_REQUIRED",
  /** 402: the plan's invoices for this month are used up. */
  usageLimitReached: "USAGE_LIMIT_REACHED",
  /** 410: a customer page link that expired or was revoked. */
  linkGone: "LINK_GONE",
  /** 422: a mailbox could not be reached, logged in to or read; `details.reason` says which step. */
  mailboxCheckFailed: "MAILBOX_CHECK_FAILED",
  internal: "INTERNAL_ERROR",
  unavailable: "SERVICE_UNAVAILABLE",
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
