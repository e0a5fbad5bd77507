import type { InboundFailuresResponse } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./inbound-failures.repository.ts";

/** At most this many are listed; the total says how many there are. */
const LISTED = 50;

/** Communications' '1 message could not be read': when, why, and what its header says. */
export async function inboundFailures(
  ctx: AppContext,
  companyId: string,
): Promise<InboundFailuresResponse["data"]> {
  const { rows, total } = await repo.listFailures(ctx.db, companyId, LISTED);
  return {
    failures: rows.map((r) => ({
      id: r.id,
      receivedAt: r.receivedAt.toISOString(),
      reason: r.reason,
      detail: r.detail,
      size: r.size,
      from: r.fromAddress,
      subject: r.subject,
    })),
    total,
  };
}

/** The message as it came, named by when it came: `message-2026-03-16T19-30-00Z.eml`. */
export async function inboundFailureRaw(ctx: AppContext, companyId: string, id: string) {
  const row = await repo.failureRaw(ctx.db, companyId, id);
  if (!row) throw notFound("No such message.");
  const stamp = row.receivedAt.toISOString().slice(0, 19).replaceAll(":", "-");
  return { raw: row.raw, filename: `message-${stamp}Z.eml` };
}

export async function dismissInboundFailure(ctx: AppContext, companyId: string, id: string) {
  return repo.dismissFailure(ctx.db, companyId, id, ctx.now());
}
