import { z } from "zod";

export const profileMessages = {
  updateFailed: "Failed to update profile. Please try again.",
  saveFailed: "Failed to save changes. Please try again.",
  noUser: "User information not available",
  imageReadFailed: "Failed to process image",
  loadFailed: "Failed to load profile information",
  notLoggedIn: "Please log in to access account settings",
  imageTooLarge: "Image dimensions should be 256x256 pixels or smaller",
  imageType: "Please choose a PNG, JPEG, GIF or WebP image.",
  updateSuccess: "Profile and email signature updated successfully!",
  loading: "Loading profile information...",
  emailNote: "Email address cannot be changed",
} as const;

export const MAX_IMAGE_SIDE = 256;
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const MAX_SIGNATURE_LENGTH = 10_000;
export const MAX_HOW_TO_PAY_LENGTH = 2_000;

export const profileResponseSchema = z.object({
  userData: z.array(z.object({ email: z.string(), name: z.string(), companyId: z.string() })),
  /** data: URL of the re-encoded picture, or null */
  profilePic: z.string().nullable(),
  companyLogo: z.string().nullable(),
  signature: z.string(),
  /** Plain text: how customers can pay, on their page where QuickBooks has no 'Pay now'. */
  howToPay: z.string(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * update-profile is multipart. Text fields: userName, email, companyId, signature, and howToPay
 * (left out: kept as it is).
 * profilePic / companyLogo: a file part, or a base64 data: URL text field; the text
 * value "" removes the image; a missing field leaves it as it is.
 */
export const updateProfileFieldsSchema = z.object({
  userName: z.string().trim().min(1, "Full name is required").max(200),
  email: z.string().trim().toLowerCase(),
  companyId: z.string().min(1),
  signature: z.string().max(MAX_SIGNATURE_LENGTH).default(""),
  howToPay: z.string().trim().max(MAX_HOW_TO_PAY_LENGTH).optional(),
});
export type UpdateProfileFields = z.infer<typeof updateProfileFieldsSchema>;
const pictureField = (what: string) =>
  z
    .union([z.file(), z.string()])
    .optional()
    .describe(
      `${what}: a PNG, JPEG, GIF or WebP file (at most 1 MB and ${MAX_IMAGE_SIDE}x${MAX_IMAGE_SIDE}), or a base64 data: URL as text; "" removes it, leaving the field out keeps it.`,
    );
/** update-profile's request body as OpenAPI documents it (multipart/form-data). */
export const updateProfileFormSchema = updateProfileFieldsSchema.extend({
  profilePic: pictureField("The user's picture"),
  companyLogo: pictureField("The company's logo"),
});
export const updateProfileResponseSchema = z.object({ data: profileResponseSchema });

/** The spec's three, then 'Missed Promise': sent once when a customer's promised date passes unpaid. */
export const templateTypes = ["before_due_date", "on_due_date", "after_due_date", "missed_promise"] as const;
export type TemplateType = (typeof templateTypes)[number];
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  type: z.enum(templateTypes),
  signature: z.string(),
});
export type Template = z.infer<typeof templateSchema>;
/** get-template: a list whose first item holds each template by type (spec section 3). */
export const getTemplateResponseSchema = z.object({
  data: z.array(
    z.object({
      before_due_date: templateSchema,
      on_due_date: templateSchema,
      after_due_date: templateSchema,
      followUpInterval: z.enum(["7", "15", "30"]),
    }),
  ),
});
export type GetTemplateResponse = z.infer<typeof getTemplateResponseSchema>;
