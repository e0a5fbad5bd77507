import {
  apiPaths,
  authMessages,
  cookieNames,
  emailOnlyRequestSchema,
  errorBodySchema,
  loginCodeChallengeResponseSchema,
  loginCodeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  type Tokens,
  userDetailsResponseSchema,
  verifyEmailCheckRequestSchema,
  verifyEmailCheckResponseSchema,
  verifyEmailRequestSchema,
} from "@recoup/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { enqueueDeliverCode } from "../../jobs/deliver-code.ts";
import * as service from "./auth.service.ts";
import { authenticate, currentUser } from "./authenticate.ts";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "./devices.ts";
import { invalidRefresh, logOut, refreshSession, SESSION_MAX_AGE_SECONDS } from "./sessions.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
const message = (text: string) => ({ data: { message: text } });

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
function signedIn(reply: FastifyReply, { tokens, deviceCookie }: service.SignedIn) {
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

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  const perMinute = ctx.config.rateLimitPerMinute;

  return async (app) => {
    app.post(
      apiPaths.auth.signup,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          body: signupRequestSchema,
          response: { 201: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await service.signup(ctx, request.body);
        return reply.status(201).send(message(authMessages.signupSuccess));
      },
    );

    app.post(
      apiPaths.auth.verifyEmail,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          description:
            "Verifies the address with the emailed code and signs in. `password` must be the account's current password (409 PASSWORD_MISMATCH otherwise, and the code stays open); `newPassword` replaces it, as a reset does.",
          body: verifyEmailRequestSchema,
          response: { 200: loginResponseSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await service.verifyEmail(ctx, request.body, request.cookies[cookieNames.device]);
        request.log.info({ event: "login" }, "email verified, signed in");
        return signedIn(reply, result);
      },
    );

    app.post(
      apiPaths.auth.verifyEmailCheck,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          description:
            "Whether an emailed verification link still verifies its address: the account waits for verification and the code is its open one. The right code costs no guess; a verified, expired or unknown address answers `open: false`, as a wrong code does.",
          body: verifyEmailCheckRequestSchema,
          response: { 200: verifyEmailCheckResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: { open: await service.verificationLinkOpen(ctx, request.body) } }),
    );

    app.post(
      apiPaths.auth.resendVerification,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          body: emailOnlyRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await enqueueDeliverCode(ctx, "verify_email", request.body.email);
        return message("If that account is waiting for verification, we sent it a new code.");
      },
    );

    app.post(
      apiPaths.auth.login,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          description:
            "200: signed in. 202: a browser the account does not know, while the account sees failed logins: finish with the emailed code (`/v1/auth/login/code`). 429 with Retry-After: this client address failed too often.",
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, 202: loginCodeChallengeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        const device = request.cookies[cookieNames.device];
        const result = await service.login(ctx, email, password, request.ip, device);
        if ("codeStep" in result) return reply.status(202).send({ data: result.codeStep });
        request.log.info({ event: "login" }, "login succeeded");
        return signedIn(reply, result);
      },
    );

    app.post(
      apiPaths.auth.loginCode,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          description:
            "Finishes a login that answered 202 with the 6-digit code emailed to the account; the browser becomes a known device.",
          body: loginCodeRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await service.loginWithCode(ctx, request.body, request.cookies[cookieNames.device]);
        request.log.info({ event: "login" }, "login code accepted, signed in");
        return signedIn(reply, result);
      },
    );

    app.post(
      apiPaths.auth.refresh,
      {
        config: limit(perMinute * 2),
        schema: {
          tags: ["auth"],
          body: refreshRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const token = request.body?.RefreshToken ?? request.cookies[cookieNames.refreshToken];
        if (!token) throw invalidRefresh();
        const tokens = await refreshSession(ctx, token);
        setRefreshCookie(reply, tokens);
        return { data: tokens };
      },
    );

    app.post(
      apiPaths.auth.logout,
      {
        schema: {
          tags: ["auth"],
          body: refreshRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const refreshToken = request.body?.RefreshToken ?? request.cookies[cookieNames.refreshToken];
        await logOut(ctx, request.headers.authorization, refreshToken);
        reply.clearCookie(cookieNames.refreshToken, {
          path: "/",
          secure: true,
          httpOnly: true,
          sameSite: "strict",
        });
        return message("You are logged out.");
      },
    );

    app.post(
      apiPaths.auth.forgotPassword,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          body: emailOnlyRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await enqueueDeliverCode(ctx, "reset_password", request.body.email);
        return message("If an account exists for that email, we sent it a 6-digit code.");
      },
    );

    app.post(
      apiPaths.auth.resetPassword,
      {
        config: limit(perMinute),
        schema: {
          tags: ["auth"],
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.resetPassword(ctx, request.body);
        return message(authMessages.resetSuccess);
      },
    );

    app.get(
      apiPaths.auth.userDetails,
      {
        onRequest: authenticate(ctx),
        schema: {
          tags: ["auth"],
          security: [{ bearer: [] }],
          response: { 200: userDetailsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.userDetails(ctx, currentUser(request).id) }),
    );
  };
}
