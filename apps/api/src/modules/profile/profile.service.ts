import type { ProfileResponse, Template, TemplateType, UpdateProfileFields } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { processImage, toDataUrl } from "../../lib/images.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import * as repo from "./profile.repository.ts";

export async function getProfile(
  ctx: AppContext,
  userId: string,
  companyId: string,
): Promise<ProfileResponse> {
  const row = await repo.findProfile(ctx.db, userId, companyId);
  if (!row) throw notFound("Profile not found.");
  return {
    userData: [{ email: row.email, name: row.name, companyId }],
    profilePic: toDataUrl(row.profilePic, row.profilePicType),
    companyLogo: toDataUrl(row.logo, row.logoType),
    signature: row.signature,
    howToPay: row.howToPay,
  };
}

/** An image change: new bytes, null to remove, undefined to keep. */
export type ImageChange = Buffer | null | undefined;

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  companyId: string,
  fields: UpdateProfileFields,
  images: { profilePic: ImageChange; companyLogo: ImageChange },
) {
  // Decode both pictures before writing anything, so a bad one loses nothing.
  const [pic, logo] = await Promise.all(
    [images.profilePic, images.companyLogo].map((img) => (img ? processImage(img) : Promise.resolve(img))),
  );
  await ctx.db.transaction(async (tx) => {
    await repo.updateUserProfile(tx, userId, {
      name: fields.userName,
      ...(pic !== undefined && { profilePic: pic?.data ?? null, profilePicType: pic?.type ?? null }),
    });
    await repo.updateCompany(tx, companyId, {
      signature: sanitizeUserHtml(fields.signature),
      // Plain text with its line breaks; no other control characters.
      ...(fields.howToPay !== undefined && {
        howToPay: fields.howToPay.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\n\t]/gu, ""),
      }),
      ...(logo !== undefined && { logo: logo?.data ?? null, logoType: logo?.type ?? null }),
    });
  });
  return getProfile(ctx, userId, companyId);
}

export async function getTemplates(ctx: AppContext, companyId: string) {
  const { templates, company } = await repo.findTemplates(ctx.db, companyId);
  if (!company) throw notFound("Company not found.");
  const signature = sanitizeUserHtml(company.signature);
  const byType = Object.fromEntries(
    templates.map((t) => [
      t.type,
      {
        id: t.id,
        name: t.name,
        subject: t.subject,
        content: sanitizeUserHtml(t.content),
        type: t.type,
        signature,
      },
    ]),
  ) as Record<TemplateType, Template>;
  return [{ ...byType, followUpInterval: company.followUpInterval }];
}
