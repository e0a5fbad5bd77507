import {
  authMessages,
  errorCodes,
  type LoginCodeChallenge,
  type LoginCodeRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type Tokens,
  type VerifyEmailCheckRequest,
  type VerifyEmailRequest,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { hashPassword, isTooCommon, verifyPassword } from "../../lib/passwords.ts";
import * as emails from "./auth.emails.ts";
import * as repo from "./auth.repository.ts";
import { checkCode, invalidCode, isOpenCode, issueCode, spendCode } from "./codes.ts";
import { knownDevice, newDeviceCookie } from "./devices.ts";
import { checkLoginCode, startCodeStep } from "./login-code.ts";
import { accountKey, readThrottle, recordAttempt, waitText } from "./login-throttle.ts";
import { startSession } from "./sessions.ts";

export const MAX_FAILED_LOGINS_PER_HOUR = 100;

const tooCommon = () => new AppError(400, errorCodes.passwordTooCommon, authMessages.passwordTooCommon);

export interface SignedIn {
  tokens: Tokens;
  /** The device cookie this browser keeps: the one it sent when genuine, else a new one. */
  deviceCookie: string;
}

async function signIn(ctx: AppContext, user: repo.UserRow, deviceCookie: string | undefined) {
  const known = knownDevice(ctx.config.jwtSecret, deviceCookie, user.id);
  return {
    tokens: await startSession(ctx, user),
    deviceCookie: known ? deviceCookie! : newDeviceCookie(ctx.config.jwtSecret, user.id),
  } satisfies SignedIn;
}

/** Issues a code and queues its email, in the caller's transaction; over the hourly budget, nothing. */
async function sendCode(ctx: AppContext, tx: DbOrTx, user: repo.UserRow, purpose: repo.CodePurpose) {
  const code = await issueCode(ctx, tx, user.id, purpose);
  if (!code) return;
  const email =
    purpose === "verify_email"
      ? emails.verificationEmail(user.email, user.name, code, ctx.config.appUrl)
      : emails.resetEmail(user.email, code);
  await enqueueEmail(ctx, email, tx);
}

/**
 * Signup answers the same whether or not the email is taken: a taken address gets an email
 * instead of an account, so nobody learns which addresses have accounts.
 */
export async function signup(ctx: AppContext, input: SignupRequest) {
  const name = `${input.firstName} ${input.lastName}`;
  if (isTooCommon(input.password, [input.email, input.firstName, input.lastName])) throw tooCommon();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, input.email);
    // A pending account proves nothing about who made it: the newest signup's password and name
    // stand in until someone holding a code decides (see verifyEmail).
    const user = existing
      ? await repo.claimPendingAccount(tx, existing.id, { name, passwordHash })
      : await repo.insertUser(tx, { email: input.email, name, passwordHash });
    if (!user) {
      await enqueueEmail(ctx, emails.accountExistsEmail(input.email, ctx.config.appUrl), tx);
      return;
    }
    await sendCode(ctx, tx, user, "verify_email");
  });
}

/**
 * The work behind resend-verification and forgot-password, run from the queue: the request only
 * queues it, the same way whether or not the account exists, so neither its answer nor its time
 * tells which addresses have accounts.
 */
export async function deliverCode(ctx: AppContext, purpose: repo.CodePurpose, email: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user || (purpose === "verify_email" && user.emailVerifiedAt)) return;
    await sendCode(ctx, tx, user, purpose);
  });
}

const passwordMismatch = () => new AppError(409, errorCodes.passwordMismatch, authMessages.passwordMismatch);

/**
 * Whoever holds the code decides the password. The code proves the inbox; the verifier also says
 * which password they keep: the account's current one, or a new one that replaces it (as in a
 * reset). A current password that is not theirs answers 409 and leaves the code open, so they can
 * choose one. Either way every other password, session and sign-in of the pending account goes,
 * and the verifier is signed in.
 */
export async function verifyEmail(ctx: AppContext, input: VerifyEmailRequest, deviceCookie?: string) {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  // Checked before the code is counted, so a refused password does not cost a guess.
  if (input.newPassword && isTooCommon(input.newPassword, [input.email, user?.name ?? ""])) {
    throw tooCommon();
  }
  const codeId = await checkCode(
    ctx,
    user?.emailVerifiedAt ? undefined : user?.id,
    "verify_email",
    input.code,
  );
  const pending = user!;
  let passwordHash: string;
  if (input.newPassword) passwordHash = await hashPassword(input.newPassword);
  else if (await verifyPassword(pending.passwordHash, input.password ?? ""))
    passwordHash = pending.passwordHash!;
  else throw passwordMismatch();
  const verified = await ctx.db.transaction(async (tx) => {
    await spendCode(tx, codeId);
    // The password is written with the verification, so a signup racing this one cannot slip
    // its own in between.
    return repo.claimPendingAccount(tx, pending.id, { passwordHash, emailVerifiedAt: new Date() });
  });
  if (!verified) throw invalidCode();
  return signIn(ctx, verified, deviceCookie);
}

/**
 * Whether an emailed verification link still verifies: its address waits for verification and its
 * code is the open one. A verified, unknown or expired one answers alike, so the answer tells only
 * the code's holder anything; the login form asks before offering to finish verifying.
 */
export async function verificationLinkOpen(ctx: AppContext, input: VerifyEmailCheckRequest) {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user || user.emailVerifiedAt) return false;
  return isOpenCode(ctx, user.id, "verify_email", input.code);
}

const wrongPassword = () => new AppError(401, errorCodes.invalidCredentials, "Incorrect email or password.");

/** Signed in, or (a new browser while the account sees failed logins) the emailed-code step. */
export type LoginOutcome = SignedIn | { codeStep: LoginCodeChallenge };

/**
 * A browser with the account's device cookie has its own budget (100 failures an hour): a stolen
 * cookie locks only itself out.
 */
async function knownDeviceLogin(
  ctx: AppContext,
  user: repo.UserRow,
  device: string,
  password: string,
  deviceCookie: string,
) {
  const failKey = `${accountKey(user.email)}:device:${device}`;
  if ((await repo.readCounter(ctx.db, failKey, 3600)) >= MAX_FAILED_LOGINS_PER_HOUR) {
    throw tooManyRequests(
      "Too many failed logins from this browser. Please wait an hour or reset your password.",
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await repo.hitCounter(ctx.db, failKey, 3600);
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
  const user = await repo.findUserByEmail(ctx.db, email);
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

/** A reset signs the account out everywhere and tells its owner by email. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest) {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  // Checked before the code is spent, so a refused password does not cost the code.
  if (isTooCommon(input.newPassword, [input.email, user?.name ?? ""])) throw tooCommon();
  const codeId = await checkCode(ctx, user?.id, "reset_password", input.code);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await spendCode(tx, codeId);
    // Owning the mailbox proves the address: a reset of a pending account also verifies it.
    const claimed = await repo.claimPendingAccount(tx, user!.id, {
      passwordHash,
      emailVerifiedAt: new Date(),
    });
    if (!claimed) await repo.updateUser(tx, user!.id, { passwordHash });
    await repo.revokeUserSessions(tx, user!.id, "password reset");
    await repo.clearCounter(tx, accountKey(user!.email));
    await enqueueEmail(ctx, emails.passwordChangedEmail(user!.email, ctx.config.appUrl), tx);
  });
}

export async function userDetails(ctx: AppContext, userId: string) {
  const row = await repo.findUserWithCompany(ctx.db, userId);
  if (!row) throw new AppError(401, errorCodes.unauthorized, "Please sign in to continue.");
  const { user, realmId } = row;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    realmId: realmId ?? null,
    companyId: user.companyId,
    isOnboarded: user.companyId !== null,
    profilePic: user.profilePic
      ? `data:${user.profilePicType};base64,${user.profilePic.toString("base64")}`
      : null,
  };
}
