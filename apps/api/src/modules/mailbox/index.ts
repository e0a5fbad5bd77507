export { mailboxRoutes } from "./mailbox.routes.ts";
export { type IntakeOutcome, type MailboxIntake, uidSet } from "./mailbox-reader.ts";
export {
  type MailboxReaders,
  type ReadersOptions,
  releaseAbandonedMailboxes,
  startMailboxReaders,
} from "./mailbox-readers.ts";
export { type MailboxScope, mailboxReplyTo, mailboxTokensIn } from "./reply-address.ts";
