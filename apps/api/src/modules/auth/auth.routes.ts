import * as contract from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { enqueueDeliverCode } from "../../jobs/deliver-code.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { errors, message, perMinute, schemas } from "./auth-http.ts";
import { authenticate, currentUser } from "./authenticate.ts";
import { resetPassword } from "./password.service.ts";
import { sessionRoutes } from "./session.routes.ts";
import { signupRoutes } from "./signup.routes.ts";
import { userDetails } from "./user-details.service.ts";

/** 'Forgot password' (a code by email) and the reset it leads to. */
function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = perMinute(ctx.config.rateLimitPerMinute);

  return async (app) => {
    app.post(
      contract.apiPaths.auth.forgotPassword,
      {
        ...limited,
        ...schemas.body(contract.emailOnlyRequestSchema, { 200: contract.messageResponseSchema }),
      },
      async (request) => {
        await enqueueDeliverCode(ctx, "reset_password", request.body.email);
        return message("If an account exists for that email, we sent it a 6-digit code.");
      },
    );

    app.post(
      contract.apiPaths.auth.resetPassword,
      {
        ...limited,
        ...schemas.body(contract.resetPasswordRequestSchema, { 200: contract.messageResponseSchema }),
      },
      async (request) => {
        await resetPassword(ctx, request.body);
        return message(contract.authMessages.resetSuccess);
      },
    );
  };
}

/** The signed-in user's details: authenticated, though outside any tenant scope. */
function userDetailsRoute(ctx: AppContext): FastifyPluginAsyncZod {
  const secured = routeSchemas({ tag: "auth", errors });
  return async (app) => {
    app.get(
      contract.apiPaths.auth.userDetails,
      { onRequest: authenticate(ctx), ...secured.none({ 200: contract.userDetailsResponseSchema }) },
      async (request) => ({ data: await userDetails(ctx, currentUser(request).id) }),
    );
  };
}

/** Sign-up, verification, sessions, passwords and the user's details, in the order the API lists them. */
export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const routes of [signupRoutes, sessionRoutes, passwordRoutes, userDetailsRoute])
      await app.register(routes(ctx));
  };
}
