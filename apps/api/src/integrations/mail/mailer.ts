import nodemailer from "nodemailer";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

/** The one SMTP client: nodemailer over the server in SMTP_URL. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      const info = await transport.sendMail({ from, ...email });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
