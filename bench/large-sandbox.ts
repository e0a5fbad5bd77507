import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";

/**
 * The QuickBooks sandbox with the large company, wired by the same function as `npm start`, in
 * its own process so it is not measured (and outlives a server that is killed, as Intuit would).
 * Prints the environment the API should run with. Run by `startLargeSandbox` (large-sandbox-process.ts).
 *
 * Arguments: the app's URL, then `all` to run every local sandbox here (mail, QuickBooks, Stripe;
 * not Google) and hand the app all of their settings (else `quickbooks`: only QuickBooks' are
 * handed over), then optionally the company's size as JSON (`{"customers":…,"invoices":…,"payments":…}`).
 */
const appUrl = process.argv[2]!;
const all = process.argv[3] === "all";
const size = process.argv[4] ? (JSON.parse(process.argv[4]) as Record<string, number>) : undefined;
const realmId = "9341452999999999";
const source = {
  APP_URL: appUrl,
  GOOGLE_CLIENT_ID: "off",
  GOOGLE_CLIENT_SECRET: "off",
  // Mail is not part of the benchmark: a placeholder keeps its sandbox off.
  ...(all ? {} : { SMTP_URL: "smtp://127.0.0.1:9" }),
};
const wired = await wireLocalSandboxes(source, {
  freePorts: true,
  quickbooks: {
    extraCompanies: [{ realmId, name: "Large Co", data: "large", ...(size ? { size } : {}) }],
    throttle: false,
    // Generated history ends a day ago, so the incremental sync sees only the changes made here.
    dataNow: new Date(Date.now() - 24 * 3600_000),
  },
});
const env = wired.env;
const handed = all
  ? Object.keys(env).filter((key) => !(key in source))
  : [
      "INTUIT_CLIENT_ID",
      "INTUIT_CLIENT_SECRET",
      "INTUIT_DISCOVERY_URL",
      "QUICKBOOKS_API_URL",
      "QUICKBOOKS_APP_URL",
      "QUICKBOOKS_WEBHOOK_TOKEN",
    ];
console.log(
  JSON.stringify({
    baseUrl: wired.quickbooks!.baseUrl,
    realmId,
    inboxUrl: wired.mail?.inboxUrl,
    env: Object.fromEntries(handed.map((key) => [key, env[key]])),
  }),
);
process.on("SIGTERM", () => wired.close().then(() => process.exit(0)));
