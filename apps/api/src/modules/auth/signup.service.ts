import {
  authMessages,
  errorCodes,
  type SignupRequest,
  type VerifyEmailCheckRequest,
  type VerifyEmailRequest,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { AppError } from "../../lib/errors.ts";
import { hashPassword, isTooCommon, verifyPassword } from "../../lib/passwords.ts";
import * as emails from "./auth.emails.ts";
import { sendCode } from "./code-emails.ts";
import { checkCode, invalidCode, isOpenCode, spendCode } from "./codes.ts";
import { tooCommon } from "./password.service.ts";
import { signIn } from "./sign-in.ts";
import { claimPendingAccount, findUserByEmail, insertUser } from "./users.repository.ts";

/**
 * Signup answers the same whether or not the email is taken: a taken address gets an email
 * instead of an account, so nobody learns which addresses have accounts.
 */
export async function signup(ctx: AppContext, input: SignupRequest) {
  const name = `${input.firstName} ${input.lastName}`;
  if (isTooCommon(input.password, [input.email, input.firstName, input.lastName])) throw tooCommon();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    // A pending account proves nothing about who made it: the newest signup's password and name
    // stand in until someone holding a code decides (see verifyEmail).
    const user = existing
      ? await claimPendingAccount(tx, existing.id, { name, passwordHash })
      : await insertUser(tx, { email: input.email, name, passwordHash });
    if (!user) {
      await enqueueEmail(ctx, emails.accountExistsEmail(input.email, ctx.config.appUrl), tx);
      return;
    }
    await sendCode(ctx, tx, user, "verify_email");
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
  const user = await findUserByEmail(ctx.db, input.email);
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
    return claimPendingAccount(tx, pending.id, { passwordHash, emailVerifiedAt: new Date() });
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
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.emailVerifiedAt) return false;
  return isOpenCode(ctx, user.id, "verify_email", input.code);
}
