import { z } from "zod";
import { companyIdSchema } from "./lists.ts";

/**
 * The company's own mailbox, read over IMAP for replies to reminders (decision 0020): where it is,
 * how to log in (an app password), which folder to read and, if the company wants, where to move
 * the replies Recoup took in. Recoup never deletes mail and moves none unless `moveTo` is set.
 */
export const MAILBOX_DEFAULT_FOLDER = "INBOX";

const hostSchema = z
  .string()
  .trim()
  .min(1, "Enter the IMAP server's name.")
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, "Enter a host name such as imap.example.com.");
const folderSchema = z.string().trim().min(1).max(200);

export const mailboxConnectRequestSchema = z.object({
  companyId: companyIdSchema,
  host: hostSchema,
  port: z.coerce.number().int().min(1).max(65535),
  /** TLS from the first byte (port 993); off: STARTTLS when the server offers it (port 143). */
  tls: z.boolean(),
  user: z.string().trim().min(1, "Enter the user name.").max(320),
  /** An app password; sealed at rest, never answered back. */
  password: z.string().min(1, "Enter the app password.").max(1000),
  /** The mailbox's email address, which reminders carry as Reply-To (default: the user name). */
  address: z.email().max(254).optional(),
  folder: folderSchema.default(MAILBOX_DEFAULT_FOLDER),
  /** A folder to move replies Recoup took in to; none: mail stays where it is. */
  moveTo: folderSchema.nullable().optional(),
  /**
   * Reply-To `name+<token>@domain`: the provider delivers plus-addresses to the mailbox. Default:
   * yes for the providers known to (Gmail, Fastmail, Microsoft 365).
   */
  plusAddressing: z.boolean().optional(),
});
export type MailboxConnectRequest = z.input<typeof mailboxConnectRequestSchema>;

/** Which step of reaching the mailbox failed. */
export const mailboxFailureSchema = z.enum([
  "dns",
  "connect",
  "tls",
  "login",
  "folder",
  "timeout",
  "protocol",
]);
export type MailboxFailure = z.infer<typeof mailboxFailureSchema>;

export const mailboxStatusSchema = z.enum(["connected", "error"]);

export const mailboxConnectionSchema = z.object({
  /** connected: read as mail comes; error: the last attempt failed (it is tried again). */
  status: mailboxStatusSchema,
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  user: z.string(),
  address: z.string(),
  folder: z.string(),
  moveTo: z.string().nullable(),
  plusAddressing: z.boolean(),
  /** Where replies to reminders go, as an example (the token differs per invoice). */
  replyTo: z.string(),
  connectedAt: z.string(),
  /** When the reader last went through the folder, null before it first did. */
  lastReadAt: z.string().nullable(),
  /** Messages taken in since connecting, and those kept aside unread (over the size limit, unparseable). */
  messagesRead: z.number().int(),
  keptAside: z.number().int(),
  error: z.object({ reason: mailboxFailureSchema, message: z.string(), at: z.string() }).nullable(),
});
export type MailboxConnection = z.infer<typeof mailboxConnectionSchema>;

export const mailboxQuerySchema = z.object({ companyId: companyIdSchema });
export const mailboxResponseSchema = z.object({
  data: z.object({ mailbox: mailboxConnectionSchema.nullable() }),
});
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

export const mailboxMessages = {
  connected: "Mailbox connected. Replies to reminders are read from it from now on.",
  disconnected: "Mailbox disconnected. Recoup no longer reads it.",
  failures: {
    dns: "That server name was not found. Check the IMAP host (for example imap.gmail.com).",
    connect:
      "The server did not answer on that port. Check the port and the TLS setting (993 with TLS, 143 without).",
    tls: "The server's certificate could not be trusted (self-signed, expired or for another name), so the password was not sent.",
    login:
      "The server refused the user name or password. Use an app password if the account has two-step sign-in.",
    folder:
      "That folder does not exist in the mailbox. Check its name (folders are case-sensitive; the inbox is INBOX).",
    timeout: "The server took too long to answer. Try again, or check the host and port.",
    protocol: "The server did not answer as an IMAP server does. Check the host and port.",
  } satisfies Record<MailboxFailure, string>,
} as const;

/**
 * What the form says about a host before anything is tried: Microsoft's hosts take only OAuth for
 * IMAP (basic authentication is off for nearly every tenant), and Google Workspace may turn app
 * passwords off. Null for any other host.
 */
export function mailboxHostNote(host: string): string | null {
  const h = host.trim().toLowerCase();
  if (/(^|\.)(office365\.com|outlook\.com|hotmail\.com|live\.com)$/.test(h))
    return "Microsoft 365 and Outlook.com allow only OAuth sign-in for IMAP, which Recoup cannot use yet: an app password will be refused. Use a relay for replies instead, or another mailbox.";
  if (/(^|\.)(gmail\.com|googlemail\.com)$/.test(h))
    return "Gmail needs an app password (Google Account, Security, 2-Step Verification, App passwords). A Google Workspace administrator may have turned app passwords off; then only OAuth works, which Recoup cannot use yet.";
  return null;
}

/** Providers known to deliver `name+tag@domain` to `name@domain`. */
export function mailboxSupportsPlus(host: string): boolean {
  return /(^|\.)(gmail\.com|googlemail\.com|fastmail\.com|messagingengine\.com|office365\.com|outlook\.com)$/.test(
    host.trim().toLowerCase(),
  );
}
