import { z } from "zod";
import { companyIdSchema } from "./lists.ts";

/**
 * Sending as the company (decision 0022): reminders come From the company's own address once its
 * domain publishes the DKIM record Recoup signs with; `Sender` and bounces stay Recoup's.
 */
export const DKIM_DEFAULT_SELECTOR = "recoup";

export const sendingQuerySchema = z.object({ companyId: companyIdSchema });

export const sendingSaveRequestSchema = z.object({
  companyId: companyIdSchema,
  /** The address reminders come From, on the company's domain. */
  address: z.email().max(254),
  /** The DKIM selector: `<selector>._domainkey.<domain>`. */
  selector: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, "letters, digits and dashes")
    .default(DKIM_DEFAULT_SELECTOR),
  /** A private key to use (PEM, RSA); unset: Recoup keeps the domain's key, or makes one. */
  privateKey: z.string().max(10_000).optional(),
});
export type SendingSaveRequest = z.input<typeof sendingSaveRequestSchema>;

export const dnsCheckStateSchema = z.enum(["ok", "missing", "wrong"]);
const dnsEntrySchema = z.object({
  state: dnsCheckStateSchema,
  record: z.string().nullable(),
  note: z.string(),
});

export const sendingSchema = z.object({
  address: z.string(),
  domain: z.string(),
  selector: z.string(),
  /** The TXT record to publish. */
  record: z.object({ name: z.string(), type: z.literal("TXT"), value: z.string() }),
  /** Reminders go From `address`, signed, once the record is found. */
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type Sending = z.infer<typeof sendingSchema>;

export const sendingResponseSchema = z.object({ data: z.object({ sending: sendingSchema.nullable() }) });
export type SendingResponse = z.infer<typeof sendingResponseSchema>;

export const dnsCheckSchema = z.object({ spf: dnsEntrySchema, dkim: dnsEntrySchema, dmarc: dnsEntrySchema });
export type DnsCheckResult = z.infer<typeof dnsCheckSchema>;

export const sendingCheckResponseSchema = z.object({
  data: z.object({
    sending: sendingSchema,
    dns: dnsCheckSchema,
    /** What is missing or wrong, one sentence each; empty when all three are in place. */
    missing: z.array(z.string()),
  }),
});
export type SendingCheckResponse = z.infer<typeof sendingCheckResponseSchema>;
