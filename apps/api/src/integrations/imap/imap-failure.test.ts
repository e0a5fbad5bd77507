import { describe, expect, it } from "vitest";
import { failureOf } from "./imap-failure.ts";

/** The errors imapflow, Node's socket, TLS and DNS raise, as seen against Dovecot and the network. */
describe("which step a mailbox error says failed", () => {
  it.each([
    [{ code: "ENOTFOUND", message: "getaddrinfo ENOTFOUND no-such.invalid" }, "dns"],
    [{ code: "EAI_AGAIN" }, "dns"],
    [{ code: "ECONNREFUSED" }, "connect"],
    [{ code: "ERR_SSL_WRONG_VERSION_NUMBER", message: "wrong version number" }, "connect"],
    [{ code: "DEPTH_ZERO_SELF_SIGNED_CERT", message: "self-signed certificate" }, "tls"],
    [{ code: "ERR_TLS_CERT_ALTNAME_INVALID" }, "tls"],
    [{ code: "CERT_HAS_EXPIRED" }, "tls"],
    [{ authenticationFailed: true, message: "Authentication failed." }, "login"],
    [{ responseStatus: "NO", mailboxMissing: true }, "folder"],
    [{ code: "NotFound", message: "Mailbox doesn't exist: Archive" }, "folder"],
    [{ code: "GREETING_TIMEOUT" }, "timeout"],
    [{ code: "CONNECT_TIMEOUT" }, "timeout"],
    [{ code: "ParserError3" }, "protocol"],
  ])("%o: %s", (error, step) => {
    expect(failureOf(error)).toBe(step);
  });
});
