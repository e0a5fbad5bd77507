import { type MailboxFailure, mailboxHostNote, mailboxMessages } from "@recoup/contracts";

/** The sentence for a failed step; a login refused by a host that takes only OAuth says so. */
export function failureMessage(reason: MailboxFailure, host: string) {
  const note = reason === "login" ? mailboxHostNote(host) : null;
  return note && /OAuth/.test(note)
    ? `${mailboxMessages.failures.login} ${note}`
    : mailboxMessages.failures[reason];
}
