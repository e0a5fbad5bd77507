import { z } from "zod";
import {
  holdBadgesShape,
  holdFilterSchema,
  invoiceDisputeSchema,
  invoicePromiseSchema,
  replySuggestionSchema,
} from "./holds.ts";
import { invoiceStatusSchema } from "./invoices.ts";
import { companyIdSchema, isoDateSchema, pageInfoShape } from "./lists.ts";
import { reminderStageSchema } from "./reminders.ts";

/** Every email Recoup sends or receives about an invoice is one message of its thread. */
export const emailDirectionSchema = z.enum(["outbound", "inbound"]);
export type EmailDirection = z.infer<typeof emailDirectionSchema>;
/**
 * What a message is: a reminder the schedule sent, one a person sent (from an invoice or the
 * composer), a test email; or, coming in, a person's reply, an automatic reply (out of office),
 * or a bounce (a delivery-status report). Not emails but in the thread all the same: a promise to pay
 * and a dispute (from the customer page, or recorded by a user), and an `update` a user made to
 * them (a promise changed or cancelled, a dispute resolved).
 */
export const emailKindSchema = z.enum([
  "automatic",
  "manual",
  "test",
  "reply",
  "auto_reply",
  "bounce",
  "promise",
  "dispute",
  "update",
  "statement",
]);
export type EmailKind = z.infer<typeof emailKindSchema>;
export const emailStatusSchema = z.enum(["queued", "sent", "failed", "bounced", "received"]);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/**
 * Where an invoice's conversation stands: a reply is waiting for someone ('Reply waiting'), the
 * customer is away ('Away until <date>'), their address bounces, the last send failed, a reply was
 * handled, or the last message is ours and nobody has answered.
 */
export const threadStateSchema = z.enum(["reply_waiting", "away", "bouncing", "failed", "handled", "sent"]);
export type ThreadState = z.infer<typeof threadStateSchema>;
export const threadStateLabels: Record<ThreadState, string> = {
  reply_waiting: "Reply waiting",
  away: "Away",
  bouncing: "Email bouncing",
  failed: "Send failed",
  handled: "Handled",
  sent: "Sent",
};
export const emailKindLabels: Record<EmailKind, string> = {
  automatic: "Automatic reminder",
  manual: "Sent by hand",
  test: "Test email",
  reply: "Customer reply",
  auto_reply: "Automatic reply",
  bounce: "Bounce",
  promise: "Promise to pay",
  dispute: "Dispute",
  update: "Update",
  statement: "Statement of account",
};

export const senderSchema = z.enum(["known", "unknown", "confirmed"]);
export type Sender = z.infer<typeof senderSchema>;
/** The marks a held message carries in its thread. */
export const heldLabels = {
  stranger: "From an unknown sender",
  late: "Late reply: its reply address had expired",
} as const;

export const emailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const emailMessageSchema = z.object({
  id: z.string(),
  direction: emailDirectionSchema,
  kind: emailKindSchema,
  status: emailStatusSchema,
  messageId: z.string(),
  inReplyTo: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** Outbound: the addresses copied, and blind-copied (the company's eyes only); comma-separated. */
  cc: z.string(),
  bcc: z.string(),
  subject: z.string(),
  /** Sanitised on the server; safe to show. */
  html: z.string().nullable(),
  text: z.string(),
  /** The text without the quoted history below it (shown first; the rest collapses). */
  replyText: z.string(),
  attachments: z.array(emailAttachmentSchema),
  /** An automatic reply's return date, when it names one. */
  returnDate: isoDateSchema.nullable(),
  /** A failed send's or a bounce's reason. */
  error: z.string().nullable(),
  /** Said of a message that went as it should, e.g. a reminder sent without its invoice's PDF. */
  note: z.string().nullable(),
  /**
   * Who sent it, as far as the chase goes: `known` (acted on when it came; every outbound one),
   * `unknown` (held: it changed nothing, until 'Confirm sender'), or `confirmed` by a user.
   */
  sender: senderSchema,
  /** Why it was held: an address that is not the customer's (`stranger`), or a `late` reply. */
  heldReason: z.enum(["stranger", "late"]).nullable(),
  /** Sent, or received. */
  at: z.string(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

const threadFacts = {
  state: threadStateSchema,
  /** When the unhandled reply came in. */
  replyWaitingSince: z.string().nullable(),
  /** The customer is away: the return date an automatic reply named. */
  awayUntil: isoDateSchema.nullable(),
  /** The customer's address bounces: which address, and why. */
  bouncing: z.object({ address: z.string(), reason: z.string(), at: z.string() }).nullable(),
};

/** GET /v1/business/invoice/communication-invoices: the invoices with a thread, latest message first. */
export const communicationInvoicesQuerySchema = z.object({
  companyId: companyIdSchema,
  searchQuery: z.string().max(200).optional(),
  /** Only the invoices whose reply waits for someone. */
  state: z.enum(["reply_waiting"]).optional(),
  /** Only invoices with an open promise to pay, or with an open dispute. */
  hold: holdFilterSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CommunicationInvoicesQuery = z.input<typeof communicationInvoicesQuerySchema>;

export const communicationInvoiceSchema = z.object({
  invoiceId: z.string(),
  docNumber: z.string().nullable(),
  customerRef: z.string(),
  customerName: z.string(),
  currency: z.string(),
  balanceCents: z.number().int(),
  status: invoiceStatusSchema,
  messageCount: z.number().int(),
  lastMessage: emailMessageSchema
    .pick({
      id: true,
      direction: true,
      kind: true,
      status: true,
      subject: true,
      sender: true,
      at: true,
    })
    .extend({ snippet: z.string() }),
  ...threadFacts,
  ...holdBadgesShape,
});
export type CommunicationInvoice = z.infer<typeof communicationInvoiceSchema>;
export const communicationInvoicesResponseSchema = z.object({
  data: z.object({
    invoices: z.array(communicationInvoiceSchema),
    ...pageInfoShape,
  }),
});
export type CommunicationInvoicesResponse = z.infer<typeof communicationInvoicesResponseSchema>;

/** GET /v1/business/invoice/email-threads: one invoice's messages, oldest first. */
export const emailThreadsQuerySchema = z.object({
  companyId: companyIdSchema,
  customerRef: z.string().min(1).max(64),
  invoiceId: z.string().min(1).max(64),
});
export type EmailThreadsQuery = z.infer<typeof emailThreadsQuerySchema>;
export const emailThreadSchema = z.object({
  invoice: z.object({
    invoiceId: z.string(),
    docNumber: z.string().nullable(),
    customerRef: z.string(),
    customerName: z.string(),
    email: z.string().nullable(),
    currency: z.string(),
    totalCents: z.number().int(),
    balanceCents: z.number().int(),
    dueDate: isoDateSchema.nullable(),
    status: invoiceStatusSchema,
  }),
  messages: z.array(emailMessageSchema),
  ...threadFacts,
  /** The open promise to pay and the open dispute, with what a user can do about them. */
  promise: invoicePromiseSchema.nullable(),
  dispute: invoiceDisputeSchema.nullable(),
  /** What the latest reply seems to say, when it is a promise, a dispute or 'already paid' not yet recorded. */
  suggestion: replySuggestionSchema.nullable(),
  /** The company's 'today', the lower bound of a promise's date. */
  today: isoDateSchema,
});
export type EmailThread = z.infer<typeof emailThreadSchema>;
export const emailThreadsResponseSchema = z.object({ data: emailThreadSchema });
export type EmailThreadsResponse = z.infer<typeof emailThreadsResponseSchema>;

/** POST /v1/business/invoice/mark-handled: the reply was dealt with; reminders resume. */
export const markHandledRequestSchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64),
});
export type MarkHandledRequest = z.infer<typeof markHandledRequestSchema>;
export const markHandledResponseSchema = z.object({ data: z.object({ handled: z.boolean() }) });

/**
 * POST /v1/business/invoice/confirm-sender: a user vouches for a held message's sender; it then
 * does what it would have done (a reply: 'Reply waiting', the invoice paused).
 */
export const confirmSenderRequestSchema = z.object({
  companyId: companyIdSchema,
  /** The message's `id`. */
  emailId: z.string().uuid(),
});
export type ConfirmSenderRequest = z.infer<typeof confirmSenderRequestSchema>;
export const confirmSenderResponseSchema = z.object({ data: z.object({ confirmed: z.boolean() }) });

/** GET /v1/business/gemini/draft-email: a reminder written for this invoice, to edit and send. */
export const draftEmailQuerySchema = emailThreadsQuerySchema;
export type DraftEmailQuery = z.infer<typeof draftEmailQuerySchema>;
export const draftProviderSchema = z.enum(["composer", "gemini", "openai"]);
export type DraftProvider = z.infer<typeof draftProviderSchema>;
export const draftProviderLabels: Record<DraftProvider, string> = {
  composer: "Recoup's composer",
  gemini: "Gemini",
  openai: "OpenAI-compatible model",
};
export const draftEmailSchema = z.object({
  subject: z.string(),
  /** Plain text, paragraphs separated by blank lines. */
  body: z.string(),
  /** The same body as HTML paragraphs, for the editor. */
  html: z.string(),
  /** The template stage the send counts under. */
  stage: reminderStageSchema,
  provider: draftProviderSchema,
  model: z.string().nullable(),
  /** Why a configured model's draft was not used (the composer's is shown instead). */
  fallbackReason: z.string().nullable(),
});
export type DraftEmail = z.infer<typeof draftEmailSchema>;
export const draftEmailResponseSchema = z.object({ data: draftEmailSchema });
