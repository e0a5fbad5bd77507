import * as contract from "@recoup/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { fromBase64Field } from "../../lib/images.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { assertOwnNames, currentCompanyId, currentUser } from "../auth/index.ts";
import { getProfile, getTemplates, type ImageChange, updateProfile } from "./profile.service.ts";

const errors = errorAnswers(400, 401, 403, 404);
const schemas = routeSchemas({ tag: "settings", errors });
const ownerParams = z.object({ companyId: z.string().min(1).max(100), email: z.string().min(1).max(254) });
const IMAGE_FIELDS = ["profilePic", "companyLogo"] as const;

/** The profile form: text fields, and each picture as a file part or a base64 text field. */
const PROFILE_FORM = {
  fields: ["userName", "email", "companyId", "signature", "howToPay"],
  files: [...IMAGE_FIELDS],
  maxFileBytes: contract.MAX_IMAGE_BYTES,
} as const;

async function readProfileForm(request: FastifyRequest, reply: FastifyReply) {
  const form = await readMultipartForm(request, reply, PROFILE_FORM);
  const images: Record<string, ImageChange> = {};
  for (const name of IMAGE_FIELDS) {
    const file = form.files[name];
    const text = form.fields[name];
    if (file) images[name] = file.length > 0 ? file : undefined;
    else if (text !== undefined) images[name] = text === "" || text === "null" ? null : fromBase64Field(text);
  }
  const parsed = contract.updateProfileFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new AppError(400, "VALIDATION_ERROR", details[0]?.message ?? "The form is not valid.", details);
  }
  return { fields: parsed.data, images: { profilePic: images.profilePic, companyLogo: images.companyLogo } };
}

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/v1/business/settings/get-profile/:companyId/:email",
      schemas.params(ownerParams, { 200: contract.profileResponseSchema }),
      async (request) => getProfile(ctx, currentUser(request).id, currentCompanyId(request)),
    );

    app.post(
      contract.apiPaths.settings.updateProfile,
      {
        schema: {
          tags: ["settings"],
          security: [{ bearer: [] }],
          consumes: ["multipart/form-data"],
          body: contract.updateProfileFormSchema,
          response: { 200: contract.updateProfileResponseSchema, ...errors, ...errorAnswers(413) },
        },
        // The form is streamed and checked by readProfileForm; the body schema documents it.
        validatorCompiler: () => () => true,
      },
      async (request, reply) => {
        const { fields, images } = await readProfileForm(request, reply);
        assertOwnNames(request, fields);
        const data = await updateProfile(ctx, currentUser(request).id, fields.companyId, fields, images);
        return { data };
      },
    );

    app.get(
      "/v1/business/settings/get-template/:companyId/:email",
      schemas.params(ownerParams, { 200: contract.getTemplateResponseSchema }),
      async (request) => ({ data: await getTemplates(ctx, currentCompanyId(request)) }),
    );
  };
}
