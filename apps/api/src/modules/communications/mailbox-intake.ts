import type { AppContext } from "../../context.ts";
import type { MailboxIntake } from "../mailbox/index.ts";
import { ingestInbound } from "./inbound.service.ts";
import { keepAsideTooLarge } from "./keep-aside.ts";

/** The inbound pipeline as a company's mailbox reader feeds it: the same one the relay's POST takes. */
export function mailboxIntake(ctx: AppContext): MailboxIntake {
  return {
    async take(raw, scope) {
      const result = await ingestInbound(ctx, raw, [], "imap", scope);
      if (result.stored) return result.duplicate ? "duplicate" : "threaded";
      return result.reason === "kept_aside" && !result.duplicate ? "kept_aside" : "unmatched";
    },
    async tooLarge(header, size, limit, scope) {
      const result = await keepAsideTooLarge(ctx, header, size, limit, scope);
      return result.stored === false && result.reason === "kept_aside" && !result.duplicate;
    },
  };
}
