import { cookieNames, normaliseEmail, renewalHeaders } from "@recoup/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";
import { RENEW_WITHIN_SECONDS } from "../../lib/tokens.ts";
import { findSessionUser } from "./sessions.repository.ts";
import { isLiveRefreshToken } from "./sessions.ts";

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  companyId: string | null;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/** The signed-in user; routes behind `authenticate` always have one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user's company, for routes that need onboarding done. */
export function currentCompanyId(request: FastifyRequest): string {
  const { companyId } = currentUser(request);
  if (!companyId) throw forbidden("Complete onboarding first.");
  return companyId;
}

/**
 * Bearer authentication: a valid id or access token of a live session. Register it as an
 * `onRequest` hook (`app.addHook("onRequest", authenticate(ctx))`), so an anonymous caller gets
 * 401 before any input is validated.
 *
 * Tokens near their end are renewed through the x-new-* headers only when the request also
 * carries the session's HttpOnly refresh cookie (the browser): a bearer token alone never renews
 * itself. API clients renew through the refresh call, with its rotation and reuse detection.
 */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw unauthorized("Your session has expired. Please log in again.");
    const user = await findSessionUser(ctx.db, claims.sessionId, claims.userId);
    if (!user) throw unauthorized("Your session has ended. Please log in again.");
    request.user = { ...user, sessionId: claims.sessionId };
    if (
      claims.expiresAt - Date.now() / 1000 < RENEW_WITHIN_SECONDS &&
      (await isLiveRefreshToken(ctx, request.cookies[cookieNames.refreshToken], claims.sessionId))
    ) {
      const fresh = await ctx.tokens.mint({
        userId: user.id,
        sessionId: claims.sessionId,
        email: user.email,
        name: user.name,
      });
      reply.header(renewalHeaders.accessToken, fresh.AccessToken);
      reply.header(renewalHeaders.idToken, fresh.IdToken);
    }
  };
}

/** Query and path parameters naming a company or a user must name the caller's own. */
export function assertOwnEmail(request: FastifyRequest, email: string) {
  if (currentUser(request).email !== normaliseEmail(email)) throw forbidden();
}
export function assertOwnCompany(request: FastifyRequest, companyId: string) {
  if (currentCompanyId(request) !== companyId) throw forbidden();
}
