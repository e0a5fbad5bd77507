import { stopOnSignal } from "@recoup/sandbox-http";
import { startMailSandbox } from "./index.ts";

const port = (name: string, fallback: number): number => {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : Number(value);
};

const inboundUrl = process.env.MAIL_SANDBOX_INBOUND_URL;
const inboundSecret = process.env.MAIL_SANDBOX_INBOUND_SECRET;
if (inboundUrl && !inboundSecret) {
  console.error("mail sandbox: MAIL_SANDBOX_INBOUND_URL needs MAIL_SANDBOX_INBOUND_SECRET");
  process.exit(1);
}

const sandbox = await startMailSandbox({
  host: process.env.MAIL_SANDBOX_HOST || "127.0.0.1",
  smtpPort: port("MAIL_SANDBOX_SMTP_PORT", 1025),
  httpPort: port("MAIL_SANDBOX_HTTP_PORT", 8025),
  ...(inboundUrl && inboundSecret ? { inbound: { url: inboundUrl, secret: inboundSecret } } : {}),
});

console.log(
  `mail sandbox: SMTP on ${sandbox.smtpUrl}, inbox at ${sandbox.inboxUrl}` +
    (inboundUrl ? `, answers posted to ${inboundUrl}` : ""),
);

stopOnSignal(sandbox);
