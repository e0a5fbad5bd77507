/**
 * Email both ways: a reminder sent by hand and recorded, a customer's reply, and raw messages
 * posted to the inbound endpoint as the mail relay posts them.
 */
import { apiPaths } from "@recoup/contracts";
import { signInbound } from "@recoup/sandbox-mail";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type { AppContext } from "../../../src/context.ts";
import { INBOUND } from "../app.ts";
import type { Caller } from "../call.ts";
import type { MailMessage } from "../mailbox.ts";
import { until } from "../until.ts";
import { DATA_NOW } from "./quickbooks.ts";
import { expectStatus, type KitUser, type Stack } from "./users.ts";

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * 'Send reminder now' for an invoice through the API: the draft's stage, subject and body unless
 * given. Answers the email as the mail sandbox received it, once the reminder is recorded sent (and
 * so in its invoice's thread: both are written in one transaction).
 */
export async function sendReminder(
  { call, mailbox }: Stack,
  user: Pick<KitUser, "token"> & { companyId: string },
  invoiceId: string,
  opts: { subject?: string; html?: string; stage?: string; to?: string[]; cc?: string[] } = {},
): Promise<MailMessage> {
  const query = `companyId=${user.companyId}&invoiceId=${encodeURIComponent(invoiceId)}`;
  const draft = await call("GET", `${apiPaths.reminders.draft}?${query}`, { token: user.token });
  expectStatus(draft, 200, "draft");
  const subject = opts.subject ?? draft.json.data.subject;
  const sent = await call("POST", apiPaths.reminders.send, {
    token: user.token,
    body: {
      companyId: user.companyId,
      invoiceId,
      stage: opts.stage ?? draft.json.data.stage,
      subject,
      html: opts.html ?? draft.json.data.html,
      ...(opts.to ? { to: opts.to } : {}),
      ...(opts.cc ? { cc: opts.cc } : {}),
    },
  });
  expectStatus(sent, 200, "send");
  // The reminder's own email, by its Message-ID: another company's reminder for the same sample
  // invoice may have gone to the same address under the same subject.
  const row = await until(
    async () => {
      const log = await call("GET", `${apiPaths.reminders.log}?${query}&limit=100&page=1`, {
        token: user.token,
      });
      const found = log.json.data.reminders.find((r: { id: string }) => r.id === sent.json.data.reminderId);
      return found?.status === "sent" && (found as { messageId: string });
    },
    10_000,
    { what: "the reminder recorded sent", intervalMs: 50 },
  );
  // Looked up by its first To address (the rules' or the one given).
  const to = opts.to?.[0] ?? (draft.json.data.to as string).split(", ")[0]!;
  return until(
    async () =>
      (await mailbox.to(to)).find(
        (m) => m.messageId === row.messageId && new RegExp(`^${literally(subject)}$`).test(m.subject),
      ),
    15_000,
    { what: `the reminder's email to ${to}`, intervalMs: 100 },
  );
}

/** A raw email as a relay passes it on (MIME). */
export const composeMail = (mail: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer(mail).compile().build();

export interface InboundOptions {
  /** Signed with this secret (default the tests' inbound secret) ... */
  secret?: string;
  /** ... at this time (default now); */
  at?: Date;
  /** or this signature, or none at all (null). */
  signature?: string | null;
  /** The Content-Type (default message/rfc822). */
  type?: string;
  timeoutMs?: number;
}

/** Posts a raw message to the inbound endpoint as the relay does. */
export function deliverInbound(call: Caller, raw: Buffer, opts: InboundOptions = {}) {
  const headers: Record<string, string> = { "content-type": opts.type ?? "message/rfc822" };
  if (opts.signature !== null)
    headers["x-inbound-signature"] =
      opts.signature ?? signInbound(opts.secret ?? INBOUND.secret, raw, opts.at);
  return call("POST", apiPaths.communications.inbound, {
    raw,
    headers,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
  });
}

/**
 * A reply: a customer's answer to the invoice, sent to the invoice's own reply address (dated at the
 * tests' sandbox "now" unless told) and taken in as the inbound endpoint takes it. Answers what was
 * stored.
 */
export async function createReply(
  t: { ctx: AppContext },
  reply: { companyId: string; invoiceId: string; text: string; from?: string; subject?: string; date?: Date },
) {
  // Loaded here, not above: benchmarks and the browser tests load this kit without the app.
  const { ingestInbound } = await import("../../../src/modules/communications/index.ts");
  const raw = await composeMail({
    from: reply.from ?? "customer@example.com",
    to: t.ctx.replyTokens!.address(reply.companyId, reply.invoiceId),
    subject: reply.subject ?? `Re: Invoice ${reply.invoiceId}`,
    text: reply.text,
    date: reply.date ?? new Date(DATA_NOW),
  });
  return ingestInbound(t.ctx, raw);
}
