import { cookieNames, type Tokens } from "@recoup/contracts";
import type { FastifyReply } from "fastify";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "./devices.ts";
import { SESSION_MAX_AGE_SECONDS } from "./sessions.ts";
import type { SignedIn } from "./sign-in.ts";

/** What any sign-in route may answer besides its own answers. */
export const errors = errorAnswers(400, 401, 403, 429);
/** The sign-in routes' schemas: public (no bearer token), tagged `auth`. */
export const schemas = routeSchemas({ tag: "auth", errors, public: true });
/** At most `max` requests a minute from one client address. */
export const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: "1 minute" } } });
export const message = (text: string) => ({ data: { message: text } });

/** The browser keeps the refresh token only here: HttpOnly, so no script can read it. */
export function setRefreshCookie(reply: FastifyReply, tokens: Tokens) {
  reply.setCookie(cookieNames.refreshToken, tokens.RefreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** A password sign-in: the session's refresh cookie, the device cookie, and the tokens. */
export function signedIn(reply: FastifyReply, { tokens, deviceCookie }: SignedIn) {
  setRefreshCookie(reply, tokens);
  reply.setCookie(cookieNames.device, deviceCookie, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  return { data: tokens };
}
