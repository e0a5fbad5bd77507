import { type LoginCodeChallenge, type LoginCodeRequest, loginCodeSentMessage } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { type DeliverLoginCodeJob, enqueueDeliverLoginCode } from "../../jobs/deliver-login-code.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { hmac, safeEqual } from "../../lib/crypto.ts";
import * as emails from "./auth.emails.ts";
import { CODE_TTL_MINUTES, checkCode, invalidCode, issueCode, spendCode } from "./codes.ts";
import { findUserByEmail } from "./users.repository.ts";

/**
 * The code step of a login from a browser the account does not know, while the account sees failed
 * logins (decision 0002): the password alone does not sign in, a code emailed to the account does.
 * The step answers the same whether or not the password was right (the code goes out only when it
 * was), so guessing passwords against an account under attack learns nothing. A signed challenge
 * names the code, so a code finishes only the login that asked for it.
 */
const mac = (secret: string, email: string, id: string, expires: string) =>
  hmac(secret, `login-code:${email}:${id}:${expires}`);

export async function startCodeStep(
  ctx: AppContext,
  email: string,
  passwordRight: boolean,
): Promise<LoginCodeChallenge> {
  const id = crypto.randomUUID();
  const expires = String(Math.floor(Date.now() / 1000) + CODE_TTL_MINUTES * 60);
  await enqueueDeliverLoginCode(ctx, { email, challengeId: id, passwordRight });
  return {
    codeRequired: true,
    email,
    challenge: `${id}.${expires}.${mac(ctx.config.jwtSecret, email, id, expires)}`,
    message: loginCodeSentMessage(email),
  };
}

/** The job: a code for a right password of a verified account, within the hourly code budget. */
export async function deliverLoginCode(ctx: AppContext, job: DeliverLoginCodeJob) {
  if (!job.passwordRight) return;
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, job.email);
    if (!user?.emailVerifiedAt) return;
    const code = await issueCode(ctx, tx, user.id, "login", job.challengeId);
    if (code) await enqueueEmail(ctx, emails.loginCodeEmail(user.email, code, ctx.config.appUrl), tx);
  });
}

/** The code id a genuine, unexpired challenge for this address names, else null. */
function challengedCode(secret: string, email: string, challenge: string): string | null {
  const [id, expires, signature, ...rest] = challenge.split(".");
  if (!id || !expires || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return null;
  if (Number(expires) * 1000 < Date.now()) return null;
  return safeEqual(signature, mac(secret, email, id, expires)) ? id : null;
}

/**
 * Checks the emailed code against the challenge (5 guesses a code, as every code) and spends it;
 * returns the account to sign in.
 */
export async function checkLoginCode(ctx: AppContext, input: LoginCodeRequest) {
  const codeId = challengedCode(ctx.config.jwtSecret, input.email, input.challenge);
  if (!codeId) throw invalidCode();
  const user = await findUserByEmail(ctx.db, input.email);
  await checkCode(ctx, user?.id, "login", input.code, codeId);
  await spendCode(ctx.db, codeId);
  return user!;
}
