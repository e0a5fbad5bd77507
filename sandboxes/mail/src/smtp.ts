import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { type Envelope, parseMessage } from "./parse.ts";
import type { MailStore } from "./store.ts";

/** The sandbox's host name: its SMTP greeting, and the domain of the MAILER-DAEMON that sends bounces. */
export const SANDBOX_HOSTNAME = "mail-sandbox.localhost";

/** 25 MB, like common providers. */
const MAX_SIZE = 25 * 1024 * 1024;

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

/**
 * An SMTP server that accepts any message (no TLS, authentication optional and any credentials
 * accepted) and stores it parsed.
 */
export async function startSmtpSink(store: MailStore, host: string, port: number): Promise<SmtpSink> {
  const server = new SMTPServer({
    name: SANDBOX_HOSTNAME,
    banner: "Recoup mail sandbox",
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_SIZE,
    logger: false,
    // On close, give open sessions half a second before they are cut (the default is 30 s).
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(
            Object.assign(new Error("Message exceeds fixed maximum message size"), { responseCode: 552 }),
          );
          return;
        }
        const envelope: Envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        parseMessage(Buffer.concat(chunks), envelope).then(
          (message) => {
            store.add(message);
            callback(null, `Message queued as ${message.id}`);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Keep a listening server alive on client errors (e.g. a client dropping mid-session).
  server.on("error", () => {});

  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
