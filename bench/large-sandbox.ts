import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";

/**
 * The QuickBooks sandbox with the large company, wired by the same function as `npm start`, in
 * its own process so it is not measured. Prints the environment the API should run with.
 */
const appUrl = process.argv[2]!;
const realmId = "9341452999999999";
const wired = await wireLocalSandboxes(
  // Mail and Google are not part of the benchmark: placeholders keep their sandboxes off.
  { APP_URL: appUrl, SMTP_URL: "smtp://127.0.0.1:9", GOOGLE_CLIENT_ID: "off", GOOGLE_CLIENT_SECRET: "off" },
  {
    freePorts: true,
    quickbooks: {
      extraCompanies: [{ realmId, name: "Large Co", data: "large" }],
      throttle: false,
      // Generated history ends a day ago, so the incremental sync sees only the changes made here.
      dataNow: new Date(Date.now() - 24 * 3600_000),
    },
  },
);
const env = wired.env;
console.log(
  JSON.stringify({
    baseUrl: wired.quickbooks!.baseUrl,
    realmId,
    env: {
      INTUIT_CLIENT_ID: env.INTUIT_CLIENT_ID,
      INTUIT_CLIENT_SECRET: env.INTUIT_CLIENT_SECRET,
      INTUIT_DISCOVERY_URL: env.INTUIT_DISCOVERY_URL,
      QUICKBOOKS_API_URL: env.QUICKBOOKS_API_URL,
      QUICKBOOKS_APP_URL: env.QUICKBOOKS_APP_URL,
      QUICKBOOKS_WEBHOOK_TOKEN: env.QUICKBOOKS_WEBHOOK_TOKEN,
    },
  }),
);
process.on("SIGTERM", () => wired.close().then(() => process.exit(0)));
