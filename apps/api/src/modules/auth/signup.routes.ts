import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { enqueueDeliverCode } from "../../jobs/deliver-code.ts";
import { errorAnswers } from "../../lib/route-schemas.ts";
import { message, perMinute, schemas, signedIn } from "./auth-http.ts";
import { signup, verificationLinkOpen, verifyEmail } from "./signup.service.ts";

/** Sign-up and verifying the address with the emailed code. */
export function signupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = perMinute(ctx.config.rateLimitPerMinute);

  return async (app) => {
    app.post(
      contract.apiPaths.auth.signup,
      { ...limited, ...schemas.body(contract.signupRequestSchema, { 201: contract.messageResponseSchema }) },
      async (request, reply) => {
        await signup(ctx, request.body);
        return reply.status(201).send(message(contract.authMessages.signupSuccess));
      },
    );

    app.post(
      contract.apiPaths.auth.verifyEmail,
      {
        ...limited,
        ...schemas.body(
          contract.verifyEmailRequestSchema,
          { 200: contract.loginResponseSchema, ...errorAnswers(409) },
          {
            description:
              "Verifies the address with the emailed code and signs in. `password` must be the account's current password (409 PASSWORD_MISMATCH otherwise, and the code stays open); `newPassword` replaces it, as a reset does.",
          },
        ),
      },
      async (request, reply) => {
        const result = await verifyEmail(ctx, request.body, request.cookies[contract.cookieNames.device]);
        request.log.info({ event: "login" }, "email verified, signed in");
        return signedIn(reply, result);
      },
    );

    app.post(
      contract.apiPaths.auth.verifyEmailCheck,
      {
        ...limited,
        ...schemas.body(
          contract.verifyEmailCheckRequestSchema,
          { 200: contract.verifyEmailCheckResponseSchema },
          {
            description:
              "Whether an emailed verification link still verifies its address: the account waits for verification and the code is its open one. The right code costs no guess; a verified, expired or unknown address answers `open: false`, as a wrong code does.",
          },
        ),
      },
      async (request) => ({ data: { open: await verificationLinkOpen(ctx, request.body) } }),
    );

    app.post(
      contract.apiPaths.auth.resendVerification,
      {
        ...limited,
        ...schemas.body(contract.emailOnlyRequestSchema, { 200: contract.messageResponseSchema }),
      },
      async (request) => {
        await enqueueDeliverCode(ctx, "verify_email", request.body.email);
        return message("If that account is waiting for verification, we sent it a new code.");
      },
    );
  };
}
