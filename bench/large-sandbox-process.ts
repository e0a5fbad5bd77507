import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export interface LargeSandbox {
  /** The QuickBooks sandbox's address (consent page, control API under `/_control`). */
  baseUrl: string;
  /** The large company's realm. */
  realmId: string;
  /** The mail sandbox's inbox, when it runs there too (`all`). */
  inboxUrl?: string;
  /** What the app must be started with to use these sandboxes. */
  env: Record<string, string>;
  stop(): void;
}

/**
 * Starts bench/large-sandbox.ts in a child process for an app at `appUrl`: the QuickBooks sandbox
 * with the large company (10,000 customers, 100,000 invoices, 60,000 payments, or `size`) and, with `all`,
 * the mail and Stripe sandboxes. Stopped with the returned `stop`, or when this process exits.
 */
export async function startLargeSandbox(
  appUrl: string,
  opts: { all?: boolean; size?: { customers: number; invoices: number; payments: number } } = {},
): Promise<LargeSandbox> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(import.meta.dirname, "large-sandbox.ts"),
      appUrl,
      opts.all ? "all" : "quickbooks",
      ...(opts.size ? [JSON.stringify(opts.size)] : []),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const stop = () => {
    child.kill("SIGTERM");
  };
  process.on("exit", stop);
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the large sandbox stopped (exit ${code})`)));
  });
  return { ...(JSON.parse(first) as Omit<LargeSandbox, "stop">), stop };
}
