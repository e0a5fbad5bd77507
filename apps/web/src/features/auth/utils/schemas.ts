import {
  authMessages,
  codeSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from "@recoup/contracts";
import { z } from "zod";

/** The forms use the contracts' schemas and messages; only "confirm" fields are added here. */
export const loginFormSchema = loginRequestSchema;
export type LoginFormInput = z.input<typeof loginFormSchema>;

export const signupFormSchema = signupRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type SignupFormInput = z.input<typeof signupFormSchema>;

export const forgotEmailFormSchema = emailOnlyRequestSchema;
export type ForgotEmailFormInput = z.input<typeof forgotEmailFormSchema>;

const confirmed = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;
const notConfirmed = { message: authMessages.passwordsDoNotMatch, path: ["confirmPassword"] };

export const resetFormSchema = resetPasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine(confirmed, notConfirmed);
export type ResetFormInput = z.input<typeof resetFormSchema>;

export const verifyCodeFormSchema = z.object({ code: codeSchema });
export type VerifyCodeFormInput = z.input<typeof verifyCodeFormSchema>;

/** The code holder's own password, when the account's current one is not theirs. */
export const choosePasswordFormSchema = resetPasswordRequestSchema
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine(confirmed, notConfirmed);
export type ChoosePasswordFormInput = z.input<typeof choosePasswordFormSchema>;
