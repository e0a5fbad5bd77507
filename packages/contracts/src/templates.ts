import { z } from "zod";
import { centsSchema, companyIdSchema, currencySchema, isoDateSchema } from "./lists.ts";
import { templateTypes } from "./profile.ts";

/** The Email Templates page's texts (spec sections 2, 4 and 8). */
export const templateMessages = {
  title: "Email Templates",
  saved: "Template saved successfully!",
  saveFailed: "Failed to save template. Please try again.",
  saving: "Saving...",
  subjectPlaceholder: "Enter email subject...",
  editTemplate: "Edit Template",
  selected: "Selected",
  availableVariables: "Available Variables",
  followUpInterval: "Follow-up Interval",
  currentSetting: "Current Setting",
  sendTestEmail: "Send test email",
  /** 'Follow-up emails will be sent every N days' */
  followUpEvery: (days: FollowUpIntervalValue | number) => `Follow-up emails will be sent every ${days} days`,
} as const;

export const templateTypeSchema = z.enum(templateTypes);

/** The stored names of the templates (the spec's three, section 3, and 'Missed Promise'). */
export const templateNames = {
  before_due_date: "Before Due Date Reminder",
  on_due_date: "Due Date Notification",
  after_due_date: "Overdue Payment Notice",
  missed_promise: "Missed Promise",
} as const;

/** The tiles' labels, also the stage names shown for reminders. */
export const templateTileLabels = {
  before_due_date: "Before Due Date",
  on_due_date: "On Due Date",
  after_due_date: "After Due Date",
  missed_promise: "Missed Promise",
} as const;

/**
 * The placeholders, replaced by plain substitution when an email is sent: the spec's six (section
 * 3), the link to the customer's page (a new one in each email), and the table of the invoices an
 * email is about (decision 0021: several in a customer's combined reminder, else the one).
 */
export const templateVariableNames = [
  "{customer_name}",
  "{invoice_number}",
  "{invoice_amount}",
  "{due_date}",
  "{company_name}",
  "{days_overdue}",
  "{payment_link}",
  "{invoice_table}",
] as const;

export const followUpIntervals = ["7", "15", "30"] as const;
export const followUpIntervalSchema = z.enum(followUpIntervals);
export type FollowUpIntervalValue = z.infer<typeof followUpIntervalSchema>;
export const DEFAULT_FOLLOW_UP_INTERVAL: FollowUpIntervalValue = "7";

export const MAX_TEMPLATE_SUBJECT_LENGTH = 500;
export const MAX_TEMPLATE_CONTENT_LENGTH = 50_000;
/** No validation of subject or body before saving (spec section 5), beyond a size limit. */
export const templateSubjectSchema = z.string().max(MAX_TEMPLATE_SUBJECT_LENGTH);
export const templateContentSchema = z.string().max(MAX_TEMPLATE_CONTENT_LENGTH);

export const emailTemplateSchema = z.object({
  id: z.string(),
  type: templateTypeSchema,
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** GET templates.list?companyId= */
export const templatesQuerySchema = z.object({ companyId: companyIdSchema });
export const templatesResponseSchema = z.object({
  data: z.object({
    /** Always the four, in the order of `templateTypes`. */
    templates: z.array(emailTemplateSchema),
    followUpInterval: followUpIntervalSchema,
    /** The company's signature (sanitised HTML), added at the end of every email. */
    signature: z.string(),
  }),
});
export type TemplatesResponse = z.infer<typeof templatesResponseSchema>;

/** POST templates.save: the HTML is sanitised on the server before it is stored. */
export const saveTemplateRequestSchema = z.object({
  companyId: companyIdSchema,
  type: templateTypeSchema,
  subject: templateSubjectSchema,
  content: templateContentSchema,
});
export type SaveTemplateRequest = z.infer<typeof saveTemplateRequestSchema>;
export const saveTemplateResponseSchema = z.object({
  data: emailTemplateSchema,
  /** 'Template saved successfully!' */
  message: z.string(),
});
export type SaveTemplateResponse = z.infer<typeof saveTemplateResponseSchema>;

/** POST templates.followUpInterval */
export const saveFollowUpIntervalRequestSchema = z.object({
  companyId: companyIdSchema,
  followUpInterval: followUpIntervalSchema,
});
export const saveFollowUpIntervalResponseSchema = z.object({
  data: z.object({
    followUpInterval: followUpIntervalSchema,
    /** 'Follow-up emails will be sent every N days' */
    currentSetting: z.string(),
  }),
});

/**
 * POST templates.preview and templates.sendTest: a template rendered with one of the company's
 * real open invoices (`invoiceId`, or one the stage fits: the next due for the before-due and
 * on-due templates, the most overdue for the after-due one). `subject` / `content` preview unsaved
 * edits; without them the stored template is used. With no open invoice, sample values are used.
 */
export const previewTemplateRequestSchema = z.object({
  companyId: companyIdSchema,
  type: templateTypeSchema,
  subject: templateSubjectSchema.optional(),
  content: templateContentSchema.optional(),
  invoiceId: z.string().min(1).max(64).optional(),
});
export type PreviewTemplateRequest = z.infer<typeof previewTemplateRequestSchema>;

export const renderedEmailSchema = z.object({
  subject: z.string(),
  /** A whole HTML document (logo, body, signature): show it in a sandboxed frame. */
  html: z.string(),
  text: z.string(),
});
export type RenderedEmailBody = z.infer<typeof renderedEmailSchema>;

export const previewInvoiceSchema = z.object({
  id: z.string(),
  docNumber: z.string().nullable(),
  customerName: z.string(),
  email: z.string().nullable(),
  currency: currencySchema,
  balanceCents: centsSchema,
  dueDate: isoDateSchema.nullable(),
});

export const previewTemplateResponseSchema = z.object({
  data: z.object({
    email: renderedEmailSchema,
    /** The invoice whose values filled the variables; null when sample values were used. */
    invoice: previewInvoiceSchema.nullable(),
    /** The value each variable took. */
    values: z.record(z.string(), z.string()),
  }),
});
export type PreviewTemplateResponse = z.infer<typeof previewTemplateResponseSchema>;

/** POST templates.sendTest: the preview, emailed to the signed-in user only. */
export const sendTestEmailResponseSchema = z.object({
  data: z.object({ sentTo: z.string(), messageId: z.string() }),
});
