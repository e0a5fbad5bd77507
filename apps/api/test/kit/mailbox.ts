/** The mail sandbox seen from a test: its inbox (JSON API), and the customer it plays. */
import type { InboundKind, StoredMessage } from "@recoup/sandbox-mail";
import { until } from "./until.ts";

/** An email as the mail sandbox holds it. */
export type MailMessage = StoredMessage;
/** How the mail sandbox answers a message as its recipient would. */
export type Answer = InboundKind;

export const VERIFY_SUBJECT = /verification code/i;
/** The 6-digit code an email's subject carries (verification, reset, login). */
export const codeFrom = (mail: MailMessage) => /(\d{6})/.exec(mail.subject)![1]!;
/** A 6-digit code that is not `code` (a wrong guess). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The mail sandbox's JSON API (newest first). */
export class Mailbox {
  constructor(readonly inboxUrl: string) {}

  /** Every email the sandbox holds, or those to `address`. */
  async to(address?: string): Promise<MailMessage[]> {
    const query = address === undefined ? "" : `?to=${encodeURIComponent(address)}`;
    const res = await fetch(`${this.inboxUrl}/api/messages${query}`);
    return (await res.json()) as MailMessage[];
  }

  /** Waits until `count` emails to `address` match `subject`; answers the newest. */
  async waitFor(address: string, subject: RegExp, opts: { count?: number; timeoutMs?: number } = {}) {
    const { count = 1, timeoutMs = 15_000 } = opts;
    const matching = await until(
      async () => {
        const found = (await this.to(address)).filter((m) => subject.test(m.subject));
        return found.length >= count && found;
      },
      timeoutMs,
      { what: `${count} email(s) to ${address} matching ${subject}` },
    );
    return matching[0]!;
  }

  /**
   * The sandbox answers `mailId` as the customer would and posts the answer to the app's inbound
   * endpoint; throws unless the app took it (204).
   */
  async answer(mailId: string, kind: Answer, body: Record<string, string> = {}) {
    const res = await fetch(`${this.inboxUrl}/api/messages/${encodeURIComponent(mailId)}/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { status: number | null; id: string };
    if (res.status !== 200 || json.status !== 204)
      throw new Error(`sandbox ${kind}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }
}
