import type { AppContext } from "../../context.ts";
import { inboundEnvelope } from "../../integrations/mail/inbound-envelope.ts";
import type { UnreadableMail } from "../../integrations/mail/inbound-records.ts";
import * as failuresRepo from "./inbound-failures.repository.ts";
import type { InboundSource, IngestResult } from "./inbound-result.ts";
import { threadOf } from "./inbound-thread.ts";

/** A header value as text PostgreSQL stores (no NUL), at most 1,000 characters. */
const storable = (value: string) => value.replaceAll("\0", "").slice(0, 1000);

/**
 * Keeps an unreadable message aside for the company its own header names (a reply address, or a
 * message of ours it answers), or for none. A forged or conflicting reply address writes nothing,
 * as for a message that could be read.
 */
export async function keepAside(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[],
  unreadable: UnreadableMail,
  source: InboundSource,
): Promise<IngestResult> {
  const envelope = await inboundEnvelope(raw, envelopeTo);
  const thread = await threadOf(ctx, envelope);
  if (thread === "forged" || thread === "conflict") return { stored: false, reason: thread };
  const companyId = thread === "unmatched" ? null : thread.companyId;
  const { id, created } = await failuresRepo.insertFailure(ctx.db, {
    companyId,
    source,
    receivedAt: ctx.now(),
    reason: unreadable.reason,
    detail: unreadable.detail,
    fromAddress: storable(envelope.from),
    subject: storable(envelope.subject),
    messageId: storable(envelope.messageId),
    size: raw.length,
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
