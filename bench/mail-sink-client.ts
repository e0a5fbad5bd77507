/** Starts bench/mail-sink.ts (the mail sandbox) in its own process and speaks its line protocol. */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export interface MailSink {
  smtpUrl: string;
  /** The sandbox's inbox (its JSON API under /api/messages), for a test kit's `Mailbox`. */
  inboxUrl: string;
  pid: number;
  /** Sends a command (`count`, `stats`, `sample`, `clear`) and answers the sink's reply. */
  command<T>(command: string): Promise<T>;
  kill(): void;
}

export async function startMailSink(): Promise<MailSink> {
  const sink = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "mail-sink.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  process.on("exit", () => sink.kill("SIGTERM"));
  const lines = createInterface({ input: sink.stdout! });
  const reply = () => new Promise<string>((resolve) => lines.once("line", resolve));
  const { smtpUrl, inboxUrl } = JSON.parse(await reply()) as { smtpUrl: string; inboxUrl: string };
  return {
    smtpUrl,
    inboxUrl,
    pid: sink.pid!,
    async command<T>(command: string) {
      const answer = reply();
      sink.stdin!.write(`${command}\n`);
      return JSON.parse(await answer) as T;
    },
    kill: () => sink.kill("SIGTERM"),
  };
}
