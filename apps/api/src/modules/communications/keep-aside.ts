import type { AppContext } from "../../context.ts";
import { inboundEnvelope } from "../../integrations/mail/inbound-envelope.ts";
import { UnreadableMail } from "../../integrations/mail/inbound-records.ts";
import type { MailboxScope } from "../mailbox/index.ts";
import * as failuresRepo from "./inbound-failures.repository.ts";
import type { InboundSource, IngestResult } from "./inbound-result.ts";
import { threadOf } from "./inbound-thread.ts";

/** A header value as text PostgreSQL stores (no NUL), at most 1,000 characters. */
const storable = (value: string) => value.replaceAll("\0", "").slice(0, 1000);

/**
 * Keeps an unreadable message aside for the company its own header names (a reply address, or a
 * message of ours it answers), or for none; one read from a company's mailbox, for that company.
 * A forged or conflicting reply address writes nothing, as for a message that could be read.
 * `size`: of the whole message, when `raw` is only its header (one too large to read).
 */
export async function keepAside(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[],
  unreadable: UnreadableMail,
  source: InboundSource,
  mailbox?: MailboxScope,
  size = raw.length,
): Promise<IngestResult> {
  const envelope = await inboundEnvelope(raw, envelopeTo);
  const thread = await threadOf(ctx, envelope, mailbox);
  if (thread === "forged" || thread === "conflict") return { stored: false, reason: thread };
  const companyId = mailbox?.companyId ?? (thread === "unmatched" ? null : thread.companyId);
  const { id, created } = await failuresRepo.insertFailure(ctx.db, {
    companyId,
    source,
    receivedAt: ctx.now(),
    reason: unreadable.reason,
    detail: unreadable.detail,
    fromAddress: storable(envelope.from),
    subject: storable(envelope.subject),
    messageId: storable(envelope.messageId),
    size,
    rawSha256: envelope.sha256,
    raw,
  });
  return {
    stored: false,
    reason: "kept_aside",
    failureId: id,
    duplicate: !created,
    companyId,
    unreadable: unreadable.reason,
  };
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A message in a company's mailbox larger than Recoup reads: kept aside by its header alone. */
export function keepAsideTooLarge(
  ctx: AppContext,
  header: Buffer,
  size: number,
  limit: number,
  mailbox: MailboxScope,
) {
  const unreadable = new UnreadableMail(
    "too_large",
    `It is ${megabytes(size)}, over the ${megabytes(limit)} Recoup reads; only its header was kept.`,
  );
  return keepAside(ctx, header, [], unreadable, "imap", mailbox, size);
}
