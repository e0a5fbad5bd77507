import { errorCodes, type Tokens } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import {
  claimRefreshToken,
  findActiveSession,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeSession,
} from "./sessions.repository.ts";
import { findUserById, type UserRow } from "./users.repository.ts";

/** Sessions end 30 days after sign-in, however often they are refreshed. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;
/** Two tabs refreshing with the same token at once: the loser is told to retry, not signed out. */
const REFRESH_RACE_GRACE_MS = 10_000;

export const invalidRefresh = () =>
  new AppError(401, errorCodes.invalidRefreshToken, "Your session has ended. Please log in again.");

async function issue(ctx: AppContext, user: UserRow, sessionId: string): Promise<Tokens> {
  const RefreshToken = randomToken();
  await insertRefreshToken(ctx.db, sessionId, sha256(RefreshToken));
  const jwt = await ctx.tokens.mint({ userId: user.id, sessionId, email: user.email, name: user.name });
  return { ...jwt, RefreshToken };
}

export async function startSession(ctx: AppContext, user: UserRow): Promise<Tokens> {
  const session = await insertSession(ctx.db, user.id, new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000));
  return issue(ctx, user, session.id);
}

/**
 * Rotation with reuse detection: each refresh token works once. Presenting a used one revokes
 * its whole session (family), unless it was used a moment ago by a concurrent refresh.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<Tokens> {
  const hash = sha256(refreshToken);
  const claimed = await claimRefreshToken(ctx.db, hash);
  if (!claimed) {
    const known = await findRefreshToken(ctx.db, hash);
    if (!known) throw invalidRefresh();
    if (known.usedAt && Date.now() - known.usedAt.getTime() < REFRESH_RACE_GRACE_MS) {
      const session = await findActiveSession(ctx.db, known.sessionId);
      if (session) {
        throw new AppError(
          401,
          errorCodes.refreshRace,
          "This session was refreshed in another tab. Try again.",
        );
      }
    }
    await revokeSession(ctx.db, known.sessionId, "refresh token reused");
    throw invalidRefresh();
  }
  const session = await findActiveSession(ctx.db, claimed.sessionId);
  if (!session) throw invalidRefresh();
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw invalidRefresh();
  return issue(ctx, user, session.id);
}

/** Whether `refreshToken` is the live (unused) refresh token of this session. */
export async function isLiveRefreshToken(
  ctx: AppContext,
  refreshToken: string | undefined,
  sessionId: string,
) {
  if (!refreshToken) return false;
  const known = await findRefreshToken(ctx.db, sha256(refreshToken));
  return known?.sessionId === sessionId && !known.usedAt;
}

export async function endSessionByRefreshToken(ctx: AppContext, refreshToken: string) {
  const known = await findRefreshToken(ctx.db, sha256(refreshToken));
  if (known) await revokeSession(ctx.db, known.sessionId, "logout");
}

/** 'Log out': ends the session of the bearer token and the one of the refresh token, if any. */
export async function logOut(
  ctx: AppContext,
  authorization: string | undefined,
  refreshToken: string | undefined,
) {
  const claims = authorization?.startsWith("Bearer ")
    ? await ctx.tokens.verify(authorization.slice(7))
    : null;
  if (claims) await revokeSession(ctx.db, claims.sessionId, "logout");
  if (refreshToken) await endSessionByRefreshToken(ctx, refreshToken);
}
