import { z } from "zod";

/** What one auth view hands the next through the navigation state. */
export const flashSchema = z.object({
  email: z.string().optional(),
  /** The emailed link's code: the login form finishes the verification. */
  verifyCode: z.string().optional(),
  notice: z.object({ kind: z.enum(["success", "error"]), text: z.string() }).optional(),
  /** 'Use another email' was chosen: the emptied field takes the focus. */
  focusEmail: z.boolean().optional(),
});
export type Flash = z.infer<typeof flashSchema>;
