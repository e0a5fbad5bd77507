import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { message, perMinute, schemas, setRefreshCookie, signedIn } from "./auth-http.ts";
import { login, loginWithCode } from "./login.service.ts";
import { invalidRefresh, logOut, refreshSession } from "./sessions.ts";

/** Logging in (with the emailed-code step for an unknown browser), refreshing and logging out. */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = perMinute(ctx.config.rateLimitPerMinute);

  return async (app) => {
    app.post(
      contract.apiPaths.auth.login,
      {
        ...limited,
        ...schemas.body(
          contract.loginRequestSchema,
          { 200: contract.loginResponseSchema, 202: contract.loginCodeChallengeResponseSchema },
          {
            description:
              "200: signed in. 202: a browser the account does not know, while the account sees failed logins: finish with the emailed code (`/v1/auth/login/code`). 429 with Retry-After: this client address failed too often.",
          },
        ),
      },
      async (request, reply) => {
        const { email, password } = request.body;
        const device = request.cookies[contract.cookieNames.device];
        const result = await login(ctx, email, password, request.ip, device);
        if ("codeStep" in result) return reply.status(202).send({ data: result.codeStep });
        request.log.info({ event: "login" }, "login succeeded");
        return signedIn(reply, result);
      },
    );

    app.post(
      contract.apiPaths.auth.loginCode,
      {
        ...limited,
        ...schemas.body(
          contract.loginCodeRequestSchema,
          { 200: contract.loginResponseSchema },
          {
            description:
              "Finishes a login that answered 202 with the 6-digit code emailed to the account; the browser becomes a known device.",
          },
        ),
      },
      async (request, reply) => {
        const result = await loginWithCode(ctx, request.body, request.cookies[contract.cookieNames.device]);
        request.log.info({ event: "login" }, "login code accepted, signed in");
        return signedIn(reply, result);
      },
    );

    app.post(
      contract.apiPaths.auth.refresh,
      {
        ...perMinute(ctx.config.rateLimitPerMinute * 2),
        ...schemas.body(contract.refreshRequestSchema, { 200: contract.loginResponseSchema }),
      },
      async (request, reply) => {
        const token = request.body?.RefreshToken ?? request.cookies[contract.cookieNames.refreshToken];
        if (!token) throw invalidRefresh();
        const tokens = await refreshSession(ctx, token);
        setRefreshCookie(reply, tokens);
        return { data: tokens };
      },
    );

    app.post(
      contract.apiPaths.auth.logout,
      {
        schema: {
          tags: ["auth"],
          body: contract.refreshRequestSchema,
          response: { 200: contract.messageResponseSchema },
        },
      },
      async (request, reply) => {
        const refreshToken = request.body?.RefreshToken ?? request.cookies[contract.cookieNames.refreshToken];
        await logOut(ctx, request.headers.authorization, refreshToken);
        reply.clearCookie(contract.cookieNames.refreshToken, {
          path: "/",
          secure: true,
          httpOnly: true,
          sameSite: "strict",
        });
        return message("You are logged out.");
      },
    );
  };
}
