import { startMailSandbox } from "./index.ts";

const port = (name: string, fallback: number): number => {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : Number(value);
};

const sandbox = await startMailSandbox({
  host: process.env.MAIL_SANDBOX_HOST || "127.0.0.1",
  smtpPort: port("MAIL_SANDBOX_SMTP_PORT", 1025),
  httpPort: port("MAIL_SANDBOX_HTTP_PORT", 8025),
});

console.log(`mail sandbox: SMTP on ${sandbox.smtpUrl}, inbox at ${sandbox.inboxUrl}`);

const stop = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
