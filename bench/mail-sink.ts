/**
 * The mail sandbox (`@recoup/sandbox-mail`, SMTP and its inbox) in its own process for the reminder
 * benchmarks, keeping every message. Prints `{ smtpUrl, inboxUrl }` as a line, then answers each
 * line on stdin: `count` → `{ count }`; `stats` → how many messages, distinct Message-IDs, and
 * the Message-IDs received more than once; `sample` → the latest message's subject, text and
 * HTML; `clear` → `{ cleared }`.
 */
import { createInterface } from "node:readline";
import { startMailSandbox } from "@recoup/sandbox-mail";

const capacity = Number(process.argv[2] ?? 1_000_000);
const sandbox = await startMailSandbox({ smtpPort: 0, httpPort: 0, capacity });
const reply = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
reply({ smtpUrl: sandbox.smtpUrl, inboxUrl: sandbox.inboxUrl });

createInterface({ input: process.stdin }).on("line", (line) => {
  const command = line.trim();
  if (command === "count") return reply({ count: sandbox.messages().length });
  if (command === "clear") {
    sandbox.clear();
    return reply({ cleared: true });
  }
  if (command === "sample") {
    const m = sandbox.messages()[0];
    return reply(
      m
        ? { subject: m.subject, text: m.text, html: m.html, from: m.from, replyTo: m.headers["reply-to"] }
        : {},
    );
  }
  if (command === "stats") {
    const byId = new Map<string, number>();
    const all = sandbox.messages();
    for (const m of all) byId.set(m.messageId ?? "", (byId.get(m.messageId ?? "") ?? 0) + 1);
    const duplicates = [...byId].filter(([, n]) => n > 1).map(([id, n]) => ({ messageId: id, times: n }));
    return reply({ count: all.length, distinct: byId.size, duplicates });
  }
  reply({ error: `unknown command ${command}` });
});
let closed = false;
const close = () => {
  if (closed) return;
  closed = true;
  sandbox.close().then(() => process.exit(0));
};
process.stdin.on("end", close);
process.on("SIGTERM", close);
