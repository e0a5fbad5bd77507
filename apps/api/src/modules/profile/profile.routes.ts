import {
  apiPaths,
  errorBodySchema,
  getTemplateResponseSchema,
  profileResponseSchema,
  updateProfileFieldsSchema,
  updateProfileResponseSchema,
} from "@recoup/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { fromBase64Field } from "../../lib/images.ts";
import { assertOwnNames, currentCompanyId, currentUser } from "../auth/index.ts";
import { getProfile, getTemplates, type ImageChange, updateProfile } from "./profile.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const ownerParams = z.object({ companyId: z.string().min(1).max(100), email: z.string().min(1).max(254) });
const IMAGE_FIELDS = new Set(["profilePic", "companyLogo"]);

/** Reads the multipart form: text fields, and each picture as a file part or a base64 text field. */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest("Send the profile as multipart/form-data.");
  const fields: Record<string, string> = {};
  const images: Record<string, ImageChange> = {};
  for await (const part of request.parts()) {
    if (part.type === "file") {
      if (!IMAGE_FIELDS.has(part.fieldname)) throw badRequest(`Unexpected file field ${part.fieldname}.`);
      const data = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, "PAYLOAD_TOO_LARGE", "The image file is too large.");
      images[part.fieldname] = data.length > 0 ? data : undefined;
    } else if (IMAGE_FIELDS.has(part.fieldname)) {
      const value = String(part.value);
      images[part.fieldname] = value === "" || value === "null" ? null : fromBase64Field(value);
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  const parsed = updateProfileFieldsSchema.safeParse(fields);
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
      {
        schema: {
          tags: ["settings"],
          security: [{ bearer: [] }],
          params: ownerParams,
          response: { 200: profileResponseSchema, ...errors },
        },
      },
      async (request) => {
        return getProfile(ctx, currentUser(request).id, currentCompanyId(request));
      },
    );

    app.post(
      apiPaths.settings.updateProfile,
      {
        schema: {
          tags: ["settings"],
          security: [{ bearer: [] }],
          consumes: ["multipart/form-data"],
          response: { 200: updateProfileResponseSchema, ...errors, 413: errorBodySchema },
        },
      },
      async (request) => {
        const { fields, images } = await readProfileForm(request);
        assertOwnNames(request, fields);
        const data = await updateProfile(ctx, currentUser(request).id, fields.companyId, fields, images);
        return { data };
      },
    );

    app.get(
      "/v1/business/settings/get-template/:companyId/:email",
      {
        schema: {
          tags: ["settings"],
          security: [{ bearer: [] }],
          params: ownerParams,
          response: { 200: getTemplateResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await getTemplates(ctx, currentCompanyId(request)) };
      },
    );
  };
}
