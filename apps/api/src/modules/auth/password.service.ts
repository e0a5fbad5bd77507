import { authMessages, errorCodes, type ResetPasswordRequest } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { AppError } from "../../lib/errors.ts";
import { hashPassword, isTooCommon } from "../../lib/passwords.ts";
import * as emails from "./auth.emails.ts";
import { checkCode, spendCode } from "./codes.ts";
import { accountKey } from "./login-throttle.ts";
import { clearCounter } from "./rate-counters.repository.ts";
import { revokeUserSessions } from "./sessions.repository.ts";
import { claimPendingAccount, findUserByEmail, updateUser } from "./users.repository.ts";

export const tooCommon = () =>
  new AppError(400, errorCodes.passwordTooCommon, authMessages.passwordTooCommon);

/** A reset signs the account out everywhere and tells its owner by email. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest) {
  const user = await findUserByEmail(ctx.db, input.email);
  // Checked before the code is spent, so a refused password does not cost the code.
  if (isTooCommon(input.newPassword, [input.email, user?.name ?? ""])) throw tooCommon();
  const codeId = await checkCode(ctx, user?.id, "reset_password", input.code);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await spendCode(tx, codeId);
    // Owning the mailbox proves the address: a reset of a pending account also verifies it.
    const claimed = await claimPendingAccount(tx, user!.id, {
      passwordHash,
      emailVerifiedAt: new Date(),
    });
    if (!claimed) await updateUser(tx, user!.id, { passwordHash });
    await revokeUserSessions(tx, user!.id, "password reset");
    await clearCounter(tx, accountKey(user!.email));
    await enqueueEmail(ctx, emails.passwordChangedEmail(user!.email, ctx.config.appUrl), tx);
  });
}
