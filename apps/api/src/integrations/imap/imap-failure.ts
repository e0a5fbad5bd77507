import type { MailboxFailure } from "@recoup/contracts";

/** Why a mailbox could not be reached or read: the step that failed, and what the server said. */
export class MailboxError extends Error {
  constructor(
    readonly reason: MailboxFailure,
    message: string,
    readonly serverText?: string,
  ) {
    super(message);
  }
}

interface ImapishError {
  code?: string;
  message?: string;
  authenticationFailed?: boolean;
  tlsFailed?: boolean;
  mailboxMissing?: boolean;
  serverResponseCode?: string;
  responseText?: string;
  _err?: ImapishError;
}

const TLS_CODES =
  /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID|CERT_UNTRUSTED|CERT_REVOKED|ERR_SSL_.*)$/;

/** The step an error from imapflow, the socket, TLS or DNS says failed. */
export function failureOf(error: unknown): MailboxFailure {
  const e = (error ?? {}) as ImapishError;
  const code = e.code ?? e._err?.code ?? "";
  const text = `${e.message ?? ""} ${e._err?.message ?? ""}`;
  if (e.authenticationFailed) return "login";
  if (e.mailboxMissing || e.serverResponseCode === "NONEXISTENT" || code === "NotFound") return "folder";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") return "dns";
  if (/WRONG_VERSION_NUMBER|wrong version number|packet length too long/i.test(`${code} ${text}`))
    return "connect";
  if (e.tlsFailed || TLS_CODES.test(code) || /certificate|self[- ]signed/i.test(text)) return "tls";
  if (
    /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE|NoConnection|EConnectionClosed|ClosedAfterConnect(Text|TLS))$/.test(
      code,
    )
  )
    return "connect";
  if (/^(CONNECT_TIMEOUT|GREETING_TIMEOUT|UPGRADE_TIMEOUT|ETIMEOUT|ETIMEDOUT)$/.test(code)) return "timeout";
  return "protocol";
}

/** What the server or the socket said, for the log and the Integrations page (no credentials). */
export const detailOf = (error: unknown) => {
  const e = (error ?? {}) as ImapishError;
  return (e.responseText || e.message || String(error)).slice(0, 300);
};
