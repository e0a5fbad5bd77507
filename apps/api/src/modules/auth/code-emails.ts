import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import * as emails from "./auth.emails.ts";
import type { CodePurpose } from "./codes.repository.ts";
import { issueCode } from "./codes.ts";
import { findUserByEmail, type UserRow } from "./users.repository.ts";

/** Issues a code and queues its email, in the caller's transaction; over the hourly budget, nothing. */
export async function sendCode(ctx: AppContext, tx: DbOrTx, user: UserRow, purpose: CodePurpose) {
  const code = await issueCode(ctx, tx, user.id, purpose);
  if (!code) return;
  const email =
    purpose === "verify_email"
      ? emails.verificationEmail(user.email, user.name, code, ctx.config.appUrl)
      : emails.resetEmail(user.email, code);
  await enqueueEmail(ctx, email, tx);
}

/**
 * The work behind resend-verification and forgot-password, run from the queue: the request only
 * queues it, the same way whether or not the account exists, so neither its answer nor its time
 * tells which addresses have accounts.
 */
export async function deliverCode(ctx: AppContext, purpose: CodePurpose, email: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || (purpose === "verify_email" && user.emailVerifiedAt)) return;
    await sendCode(ctx, tx, user, purpose);
  });
}
