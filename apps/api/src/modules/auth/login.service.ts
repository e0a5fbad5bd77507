import { authMessages, errorCodes, type LoginCodeChallenge, type LoginCodeRequest } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { knownDevice } from "./devices.ts";
import { checkLoginCode, startCodeStep } from "./login-code.ts";
import { accountKey, readThrottle, recordAttempt, waitText } from "./login-throttle.ts";
import { hitCounter, readCounter } from "./rate-counters.repository.ts";
import { type SignedIn, signIn } from "./sign-in.ts";
import { findUserByEmail, type UserRow } from "./users.repository.ts";

export const MAX_FAILED_LOGINS_PER_HOUR = 100;

const wrongPassword = () => new AppError(401, errorCodes.invalidCredentials, "Incorrect email or password.");

/** Signed in, or (a new browser while the account sees failed logins) the emailed-code step. */
export type LoginOutcome = SignedIn | { codeStep: LoginCodeChallenge };

/**
 * A browser with the account's device cookie has its own budget (100 failures an hour): a stolen
 * cookie locks only itself out.
 */
async function knownDeviceLogin(
  ctx: AppContext,
  user: UserRow,
  device: string,
  password: string,
  deviceCookie: string,
) {
  const failKey = `${accountKey(user.email)}:device:${device}`;
  if ((await readCounter(ctx.db, failKey, 3600)) >= MAX_FAILED_LOGINS_PER_HOUR) {
    throw tooManyRequests(
      "Too many failed logins from this browser. Please wait an hour or reset your password.",
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await hitCounter(ctx.db, failKey, 3600);
    throw wrongPassword();
  }
  if (!user.emailVerifiedAt) {
    throw new AppError(403, errorCodes.emailNotVerified, authMessages.emailNotVerified);
  }
  return signIn(ctx, user, deviceCookie);
}

/**
 * Known devices log in as before. Other browsers: an address that failed too often waits (429,
 * Retry-After); otherwise the password is checked, and while the account has had failed logins this
 * hour, the login finishes with a code emailed to the account instead of being refused. That step
 * answers a wrong password the same way unless the account's growing delay has passed, so
 * guessing learns little, and the owner is never locked out (login-throttle.ts, decision 0002).
 */
export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  address: string,
  deviceCookie?: string,
): Promise<LoginOutcome> {
  const user = await findUserByEmail(ctx.db, email);
  const device = user && knownDevice(ctx.config.jwtSecret, deviceCookie, user.id);
  if (user && device) return knownDeviceLogin(ctx, user, device, password, deviceCookie!);
  const throttle = await readThrottle(ctx.db, email, address);
  if (throttle.addressWait > 0) {
    throw tooManyRequests(
      `Too many failed logins from your network. Please try again in ${waitText(throttle.addressWait)}.`,
      throttle.addressWait,
    );
  }
  // Checked against a dummy hash when there is no account, so both take the same time.
  const right = await verifyPassword(user?.passwordHash, password);
  if (user && right && !throttle.underAttack) {
    if (!user.emailVerifiedAt) {
      throw new AppError(403, errorCodes.emailNotVerified, authMessages.emailNotVerified);
    }
    return signIn(ctx, user, deviceCookie);
  }
  await recordAttempt(ctx.db, email, address, !right);
  if (!right && throttle.mayTellWrong) throw wrongPassword();
  return { codeStep: await startCodeStep(ctx, email, right) };
}

/** The code step's second half: the emailed code signs this browser in and makes it known. */
export async function loginWithCode(ctx: AppContext, input: LoginCodeRequest, deviceCookie?: string) {
  return signIn(ctx, await checkLoginCode(ctx, input), deviceCookie);
}
