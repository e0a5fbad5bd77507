/**
 * A mailbox to connect on Integrations by hand, next to a running `npm start` (its default ports):
 * starts Debian's Dovecot from its binary (`scripts/install-dovecot.sh` installs it when missing)
 * with one user, prints what to type in 'Connect a mailbox', then plays the customer: each line you
 * type is sent as a reply to the newest reminder in the mail sandbox's inbox, APPENDed to the
 * mailbox as a mail server delivers it. Ctrl-C stops Dovecot and removes its files.
 * Run (as root, as the tests do): `npx tsx scripts/local-mailbox.ts [port]`.
 */
import { createInterface } from "node:readline/promises";
import { composeMail, Mailbox } from "@recoup/api/testing";
import { startDovecot } from "@recoup/api/testing/dovecot";

const USER = "replies@example.test";
const inbox = new Mailbox("http://localhost:8025");
const imap = await startDovecot({ users: [USER], port: Number(process.argv[2] ?? 1143) });
console.log(`Dovecot is running. On Integrations, 'Connect a mailbox':
  IMAP server ${imap.host}   Port ${imap.port}   TLS off
  User name   ${USER}
  App password ${imap.password}
Then send a reminder, and type a reply here (Enter sends it to the newest reminder; Ctrl-C stops).`);

const rl = createInterface({ input: process.stdin, output: process.stdout });
const stop = async () => {
  rl.close();
  await imap.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
for await (const line of rl) {
  const text = line.trim();
  if (!text) continue;
  const [reminder] = (await inbox.to()).filter((m) => m.direction === "outbound" && m.messageId);
  if (!reminder) {
    console.log("No reminder in the mail sandbox's inbox yet.");
    continue;
  }
  await imap.append(
    USER,
    composeMail({
      from: reminder.to[0],
      to: reminder.headers["reply-to"] ?? USER,
      subject: `Re: ${reminder.subject}`,
      inReplyTo: reminder.messageId ?? undefined,
      references: reminder.messageId ? [reminder.messageId] : [],
      text,
    }),
  );
  console.log(`Appended a reply from ${reminder.to[0]} to "${reminder.subject}".`);
}
await stop();
