import {
  apiPaths,
  authMessages,
  cookieNames,
  emailOnlyRequestSchema,
  errorBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  signupRequestSchema,
  verifyEmailCheckRequestSchema,
  verifyEmailCheckResponseSchema,
  verifyEmailRequestSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { enqueueDeliverCode } from "../../jobs/deliver-code.ts";
import { message, perMinute, schemas, signedIn } from "./auth-http.ts";
import { signup, verificationLinkOpen, verifyEmail } from "./signup.service.ts";

/** Sign-up and verifying the address with the emailed code. */
export function signupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = perMinute(ctx.config.rateLimitPerMinute);

  return async (app) => {
    app.post(
      apiPaths.auth.signup,
      { ...limited, ...schemas.body(signupRequestSchema, { 201: messageResponseSchema }) },
      async (request, reply) => {
        await signup(ctx, request.body);
        return reply.status(201).send(message(authMessages.signupSuccess));
      },
    );

    app.post(
      apiPaths.auth.verifyEmail,
      {
        ...limited,
        ...schemas.body(
          verifyEmailRequestSchema,
          { 200: loginResponseSchema, 409: errorBodySchema },
          {
            description:
              "Verifies the address with the emailed code and signs in. `password` must be the account's current password (409 PASSWORD_MISMATCH otherwise, and the code stays open); `newPassword` replaces it, as a reset does.",
          },
        ),
      },
      async (request, reply) => {
        const result = await verifyEmail(ctx, request.body, request.cookies[cookieNames.device]);
        request.log.info({ event: "login" }, "email verified, signed in");
        return signedIn(reply, result);
      },
    );

    app.post(
      apiPaths.auth.verifyEmailCheck,
      {
        ...limited,
        ...schemas.body(
          verifyEmailCheckRequestSchema,
          { 200: verifyEmailCheckResponseSchema },
          {
            description:
              "Whether an emailed verification link still verifies its address: the account waits for verification and the code is its open one. The right code costs no guess; a verified, expired or unknown address answers `open: false`, as a wrong code does.",
          },
        ),
      },
      async (request) => ({ data: { open: await verificationLinkOpen(ctx, request.body) } }),
    );

    app.post(
      apiPaths.auth.resendVerification,
      { ...limited, ...schemas.body(emailOnlyRequestSchema, { 200: messageResponseSchema }) },
      async (request) => {
        await enqueueDeliverCode(ctx, "verify_email", request.body.email);
        return message("If that account is waiting for verification, we sent it a new code.");
      },
    );
  };
}
