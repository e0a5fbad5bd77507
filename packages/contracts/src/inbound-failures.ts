import { z } from "zod";
import { companyIdSchema } from "./lists.ts";

/**
 * Why a message that came in for the company could not be read: too many MIME parts, parts nested
 * too deeply, a header block too large, reading it took too long, the parser failed on it, or (from
 * a mailbox) it is larger than Recoup reads, so only its header was kept.
 */
export const inboundFailureReasonSchema = z.enum([
  "too_many_parts",
  "too_deep",
  "header_too_large",
  "too_slow",
  "malformed",
  "too_large",
]);
export type InboundFailureReason = z.infer<typeof inboundFailureReasonSchema>;
export const inboundFailureReasonLabels: Record<InboundFailureReason, string> = {
  too_many_parts: "Too many parts",
  too_deep: "Nested too deeply",
  header_too_large: "Header too large",
  too_slow: "Took too long to read",
  malformed: "Not a readable email",
  too_large: "Too large",
};

/** A message kept aside unread, as it came: when, why, and what its own header says. */
export const inboundFailureSchema = z.object({
  id: z.uuid(),
  receivedAt: z.string(),
  reason: inboundFailureReasonSchema,
  /** The reason in a sentence ("It has more than 500 parts."). */
  detail: z.string(),
  /** Bytes of the raw message. */
  size: z.number().int(),
  from: z.string(),
  subject: z.string(),
});
export type InboundFailure = z.infer<typeof inboundFailureSchema>;

/** GET /v1/business/invoice/inbound-failures: the messages not yet dismissed, newest first. */
export const inboundFailuresQuerySchema = z.object({ companyId: companyIdSchema });
export const inboundFailuresResponseSchema = z.object({
  data: z.object({ failures: z.array(inboundFailureSchema), total: z.number().int() }),
});
export type InboundFailuresResponse = z.infer<typeof inboundFailuresResponseSchema>;

/** GET /v1/business/invoice/inbound-failures/raw: the message as it came (message/rfc822). */
export const inboundFailureQuerySchema = z.object({ companyId: companyIdSchema, id: z.uuid() });
export type InboundFailureQuery = z.infer<typeof inboundFailureQuerySchema>;

/** POST /v1/business/invoice/inbound-failures/dismiss: it was read some other way; hide it. */
export const dismissInboundFailureRequestSchema = inboundFailureQuerySchema;
export const dismissInboundFailureResponseSchema = z.object({ data: z.object({ dismissed: z.boolean() }) });
