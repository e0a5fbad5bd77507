import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { hmac, safeEqual, sixDigitCode } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import {
  type CodePurpose,
  consumeCode,
  consumeOpenCodes,
  countCodeAttempt,
  findOpenCode,
  insertCode,
  uncountCodeAttempt,
} from "./codes.repository.ts";
import { hitCounter } from "./rate-counters.repository.ts";

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_HOUR = 5;

const hashCode = (secret: string, codeId: string, code: string) => hmac(secret, `code:${codeId}:${code}`);

export const invalidCode = () =>
  new AppError(
    400,
    errorCodes.invalidCode,
    "That code is not valid or has expired. Request a new code and try again.",
  );

/**
 * Issues a fresh code for one purpose; earlier open codes of that purpose stop working. Over
 * the hourly budget it issues nothing and returns null: the caller answers as usual, so the
 * answer never tells whether the account exists.
 */
export async function issueCode(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  purpose: CodePurpose,
  id: string = crypto.randomUUID(),
) {
  const issued = await hitCounter(tx, `codes:${purpose}:${userId}`, 3600);
  if (issued > MAX_CODES_PER_HOUR) return null;
  await consumeOpenCodes(tx, userId, purpose);
  const code = sixDigitCode();
  await insertCode(tx, {
    id,
    userId,
    purpose,
    codeHash: hashCode(ctx.config.jwtSecret, id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  return code;
}

/**
 * Checks a code without spending it and returns its id: each guess is counted atomically before
 * it is compared, so at most MAX_CODE_ATTEMPTS guesses are ever evaluated, even under
 * concurrent requests. With `codeId`, only that code counts (a login's code is bound to it).
 */
export async function checkCode(
  ctx: AppContext,
  userId: string | undefined,
  purpose: CodePurpose,
  code: string,
  codeId?: string,
): Promise<string> {
  if (!userId) throw invalidCode();
  const open = await findOpenCode(ctx.db, userId, purpose);
  if (!open || (codeId !== undefined && open.id !== codeId)) throw invalidCode();
  const counted = await countCodeAttempt(ctx.db, open.id, MAX_CODE_ATTEMPTS);
  if (!counted) throw invalidCode();
  if (!safeEqual(open.codeHash, hashCode(ctx.config.jwtSecret, open.id, code))) throw invalidCode();
  return open.id;
}

/**
 * Whether `code` is the open one, without spending it: the right code costs no guess (counted, then
 * given back); a wrong one is counted like any guess, so asking is no way around MAX_CODE_ATTEMPTS.
 */
export async function isOpenCode(ctx: AppContext, userId: string, purpose: CodePurpose, code: string) {
  let id: string;
  try {
    id = await checkCode(ctx, userId, purpose, code);
  } catch (error) {
    if (error instanceof AppError && error.code === errorCodes.invalidCode) return false;
    throw error;
  }
  await uncountCodeAttempt(ctx.db, id);
  return true;
}

/** Spends a checked code; only one caller can. */
export async function spendCode(db: DbOrTx, codeId: string) {
  if (!(await consumeCode(db, codeId))) throw invalidCode();
}
