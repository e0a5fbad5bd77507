import nodemailer from "nodemailer";

export interface OutgoingEmail {
  /** One address or several, comma-separated (as `cc` and `bcc`). */
  to: string;
  cc?: string;
  /** Sent to, never shown in the message's headers. */
  bcc?: string;
  subject: string;
  text: string;
  html: string;
  /** Default: MAIL_FROM. A display name alone keeps MAIL_FROM's address (reminders: the company's name). */
  fromName?: string;
  replyTo?: string;
  /** The thread this email continues: the Message-ID it answers and the ones before it. */
  inReplyTo?: string;
  references?: string[];
  /** A stable `<id@domain>`, so a send repeated after a crash is recognisably the same email. */
  messageId?: string;
  /** Inline images referenced as `cid:<cid>` from the HTML. */
  inline?: { cid: string; filename: string; contentType: string; content: Buffer }[];
  /** Files attached to the email (the invoice's PDF). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

/** The address inside MAIL_FROM ("Recoup <no-reply@recoup.local>" → "no-reply@recoup.local"). */
export const addressOf = (from: string) => (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/** SMTP connections the pool opens at most, unless SMTP_URL says otherwise (`?maxConnections=N`). */
export const SMTP_MAX_CONNECTIONS = 10;

/**
 * The one SMTP client: nodemailer over the server in SMTP_URL, with a pool of reused connections
 * (10 at most by default; nodemailer's 5 keep reminders to about half of what the mail sandbox
 * takes). Query parameters of SMTP_URL are nodemailer's options: `?maxConnections=5` for a
 * provider that allows fewer.
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (!url.searchParams.has("maxConnections"))
    url.searchParams.set("maxConnections", String(SMTP_MAX_CONNECTIONS));
  const transport = nodemailer.createTransport(url.toString());
  const fromAddress = addressOf(from);
  return {
    async send({ fromName, inline, attachments, ...email }) {
      const files = [
        ...(inline ?? []).map((a) => ({ ...a, contentDisposition: "inline" as const })),
        ...(attachments ?? []).map((a) => ({ ...a, contentDisposition: "attachment" as const })),
      ];
      const info = await transport.sendMail({
        ...email,
        from: fromName ? { name: fromName, address: fromAddress } : from,
        ...(files.length ? { attachments: files } : {}),
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
