import { authMessages, errorCodes, type ResetPasswordRequest, type SignupRequest } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { hashPassword, isTooCommon, verifyPassword } from "../../lib/passwords.ts";
import * as emails from "./auth.emails.ts";
import * as repo from "./auth.repository.ts";
import { issueCode, redeemCode } from "./codes.ts";
import { startSession } from "./sessions.ts";

export const MAX_FAILED_LOGINS_PER_HOUR = 100;

const tooCommon = () => new AppError(400, errorCodes.passwordTooCommon, authMessages.passwordTooCommon);

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
    if (existing?.emailVerifiedAt) {
      await enqueueEmail(ctx, emails.accountExistsEmail(input.email, ctx.config.appUrl), tx);
      return;
    }
    // An unverified account proves nothing about who made it: the newest signup replaces its
    // password and name, and anything that signed in to it before loses access.
    const user = existing ?? (await repo.insertUser(tx, { email: input.email, name, passwordHash }));
    if (existing) {
      await repo.claimUnverifiedAccount(tx, existing.id);
      await repo.updateUser(tx, existing.id, { name, passwordHash });
    }
    const code = await issueCode(ctx, tx, user.id, "verify_email");
    if (code)
      await enqueueEmail(ctx, emails.verificationEmail(user.email, name, code, ctx.config.appUrl), tx);
  });
}

export async function resendVerification(ctx: AppContext, email: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user || user.emailVerifiedAt) return;
    const code = await issueCode(ctx, tx, user.id, "verify_email");
    if (code)
      await enqueueEmail(ctx, emails.verificationEmail(user.email, user.name, code, ctx.config.appUrl), tx);
  });
}

export async function verifyEmail(ctx: AppContext, email: string, code: string) {
  const user = await repo.findUserByEmail(ctx.db, email);
  await redeemCode(ctx, user?.emailVerifiedAt ? undefined : user?.id, "verify_email", code);
  await ctx.db.transaction(async (tx) => {
    // The code went to the latest signup, whose password stays; provider sign-ins attached
    // before the address was proved do not.
    await repo.claimUnverifiedAccount(tx, user!.id, { keepPassword: true });
    await repo.updateUser(tx, user!.id, { emailVerifiedAt: new Date() });
  });
}

/** Failed logins are counted per account (not per address), so spoofed headers change nothing. */
export async function login(ctx: AppContext, emailInput: string, password: string) {
  const email = emailInput.trim().toLowerCase();
  const failKey = `login-failures:${email}`;
  if ((await repo.readCounter(ctx.db, failKey, 3600)) >= MAX_FAILED_LOGINS_PER_HOUR) {
    throw tooManyRequests(
      "Too many failed logins for this account. Please wait an hour or reset your password.",
    );
  }
  const user = await repo.findUserByEmail(ctx.db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await repo.hitCounter(ctx.db, failKey, 3600);
    throw new AppError(401, errorCodes.invalidCredentials, "Incorrect email or password.");
  }
  if (!user.emailVerifiedAt) {
    throw new AppError(403, errorCodes.emailNotVerified, authMessages.emailNotVerified);
  }
  return startSession(ctx, user);
}

export async function forgotPassword(ctx: AppContext, email: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user) return;
    const code = await issueCode(ctx, tx, user.id, "reset_password");
    if (code) await enqueueEmail(ctx, emails.resetEmail(user.email, code), tx);
  });
}

/** A reset signs the account out everywhere and tells its owner by email. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest) {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  // Checked before the code is spent, so a refused password does not cost the code.
  if (isTooCommon(input.newPassword, [input.email, user?.name ?? ""])) throw tooCommon();
  await redeemCode(ctx, user?.id, "reset_password", input.code);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    // Owning the mailbox proves the address: a reset also verifies it, and an account that was
    // unverified until now loses whatever an unproven party attached to it.
    if (!user!.emailVerifiedAt) await repo.claimUnverifiedAccount(tx, user!.id);
    await repo.updateUser(tx, user!.id, {
      passwordHash,
      emailVerifiedAt: user!.emailVerifiedAt ?? new Date(),
    });
    await repo.revokeUserSessions(tx, user!.id, "password reset");
    await repo.clearCounter(tx, `login-failures:${user!.email}`);
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
