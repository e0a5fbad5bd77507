import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { OidcClient } from "../../integrations/oidc/oidc-client.ts";
import { AppError } from "../../lib/errors.ts";
import { errorAnswers } from "../../lib/route-schemas.ts";
import { perMinute, setRefreshCookie } from "./auth-http.ts";
import { beginSignIn, completeSignIn } from "./oauth.service.ts";

const params = z.object({ provider: contract.oauthProviderSchema });

export function oauthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const clients = {
    google:
      ctx.config.google &&
      new OidcClient("google", ctx.config.google, `${ctx.config.appUrl}/callback/google`),
    intuit:
      ctx.config.intuit &&
      new OidcClient("intuit", ctx.config.intuit, `${ctx.config.appUrl}/callback/intuit`),
  };
  const clientFor = (provider: "google" | "intuit") => {
    const client = clients[provider];
    if (!client)
      throw new AppError(404, "NOT_FOUND", `Sign-in with ${provider} is not configured on this server.`);
    return client;
  };

  return async (app) => {
    app.get(
      "/v1/auth/oauth/:provider/authorize",
      {
        ...perMinute(ctx.config.rateLimitPerMinute),
        schema: {
          tags: ["auth"],
          params,
          response: errorAnswers(404, 502),
        },
      },
      async (request, reply) => {
        const { transactionId, url } = await beginSignIn(ctx, clientFor(request.params.provider));
        // Lax, not Strict: the provider's redirect back is a cross-site navigation.
        reply.setCookie(contract.cookieNames.oauthTransaction, transactionId, {
          httpOnly: true,
          secure: true,
          sameSite: "lax",
          path: "/",
          maxAge: 600,
        });
        return reply.redirect(url, 302);
      },
    );

    app.post(
      "/v1/auth/oauth/:provider/callback",
      {
        ...perMinute(ctx.config.rateLimitPerMinute),
        schema: {
          tags: ["auth"],
          params,
          body: contract.oauthCallbackRequestSchema,
          response: {
            200: contract.loginResponseSchema,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request, reply) => {
        const tokens = await completeSignIn(
          ctx,
          clientFor(request.params.provider),
          request.cookies[contract.cookieNames.oauthTransaction],
          request.body,
        );
        reply.clearCookie(contract.cookieNames.oauthTransaction, {
          path: "/",
          secure: true,
          httpOnly: true,
          sameSite: "lax",
        });
        setRefreshCookie(reply, tokens);
        return { data: tokens };
      },
    );
  };
}
