import { normaliseEmail } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { InboundEffect } from "../../db/schema/index.ts";
import type { InboundMail } from "../../integrations/mail/inbound-records.ts";
import { addDays } from "../../lib/dates.ts";
import { markAddressBounced } from "../contacts/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { markBounced } from "./messages.repository.ts";
import { confirmHeld } from "./sender-check.repository.ts";
import { markReplyWaiting } from "./threads.repository.ts";

export interface Target {
  companyId: string;
  invoiceId: string | null;
  customerRef: string | null;
}

/**
 * What a message does (decision 0010): a person's reply pauses its invoice until handled; an
 * automatic reply naming a date pauses the customer until the day after; a hard bounce pauses the
 * customer and marks the address. Nothing else changes anything.
 */
export function effectOf(mail: InboundMail, target: Target, answeredTo?: string): InboundEffect | null {
  if (mail.kind === "reply" && target.invoiceId) return { type: "reply" };
  if (mail.kind === "auto_reply" && mail.returnDate && target.customerRef) {
    return { type: "away", returnDate: mail.returnDate };
  }
  if (mail.kind === "bounce" && !mail.bounce?.transient && target.customerRef) {
    return {
      type: "bounce",
      address: mail.bounce?.recipient ?? answeredTo ?? null,
      originalMessageId: mail.bounce?.originalMessageId ?? null,
      reason: bounceReason(mail),
    };
  }
  return null;
}

/** What a bounce says about why: its status and diagnostic, or null. */
export const bounceReason = (mail: Pick<InboundMail, "bounce">) =>
  mail.bounce ? [mail.bounce.status, mail.bounce.diagnostic].filter(Boolean).join(" ") || null : null;

export async function applyEffect(tx: DbOrTx, target: Target, effect: InboundEffect, at: Date) {
  const { companyId, invoiceId, customerRef } = target;
  const pauseCustomer = (
    ref: string,
    reason: "away" | "bounce",
    until: string | null,
    detail: string | null,
  ) => pauseRepo.pauseFor(tx, { companyId, scope: "customer", targetQbId: ref, reason, until, detail });
  if (effect.type === "reply" && invoiceId) {
    await markReplyWaiting(tx, companyId, invoiceId, at);
    await pauseRepo.pauseFor(tx, {
      companyId,
      scope: "invoice",
      targetQbId: invoiceId,
      reason: "reply",
      until: null,
      detail: null,
    });
  } else if (effect.type === "away" && customerRef) {
    await pauseCustomer(customerRef, "away", addDays(effect.returnDate, 1), effect.returnDate);
  } else if (effect.type === "bounce" && customerRef) {
    await pauseCustomer(customerRef, "bounce", null, effect.address);
    if (effect.originalMessageId) await markBounced(tx, companyId, effect.originalMessageId);
    // The address is marked on every contact that has it, so no one is written to it again unknowingly.
    if (effect.address) {
      await markAddressBounced(tx, companyId, normaliseEmail(effect.address), effect.reason ?? null, at);
    }
  }
}

/**
 * 'Confirm sender': a user vouches for a held message, which then does what it would have done
 * from a known sender. False when there was nothing held (already confirmed, or not this company's).
 */
export async function confirmSender(ctx: AppContext, companyId: string, emailId: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await confirmHeld(tx, companyId, emailId, userId, ctx.now());
    if (!row) return false;
    const effect = row.senderCheck.effect;
    const target = { companyId, invoiceId: row.invoiceQbId, customerRef: row.customerQbId };
    if (effect) await applyEffect(tx, target, effect, row.at);
    return true;
  });
}
