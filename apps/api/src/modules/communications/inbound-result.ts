/** What became of an inbound message. */
import type { InboundMail, UnreadableMail } from "../../integrations/mail/inbound-records.ts";

export type IngestResult =
  | {
      stored: true;
      duplicate: boolean;
      companyId: string;
      invoiceId: string | null;
      kind: InboundMail["kind"];
    }
  | { stored: false; reason: "unmatched" | "forged" | "conflict" }
  | KeptAside;

/** A message that could not be read, kept as it came for its company (null: none it names). */
export interface KeptAside {
  stored: false;
  reason: "kept_aside";
  failureId: string;
  duplicate: boolean;
  companyId: string | null;
  unreadable: UnreadableMail["reason"];
}

/** Where a message came from: the relay's POST, or (later) a company's mailbox over IMAP. */
export type InboundSource = "relay" | "imap";
