import { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";

/** The QuickBooks sandbox with the large company, in its own process so it is not measured. */
const redirect = process.argv[2]!;
const realmId = "9341452999999999";
const qb = await startQuickBooksSandbox({
  port: 0,
  clients: [{ client_id: "recoup-bench", client_secret: "recoup-bench-secret", redirect_uris: [redirect] }],
  extraCompanies: [{ realmId, name: "Large Co", data: "large" }],
  throttle: false,
  // Generated history ends a day ago, so the incremental sync sees only the changes made here.
  dataNow: new Date(Date.now() - 24 * 3600_000),
});
console.log(JSON.stringify({ baseUrl: qb.baseUrl, discoveryUrl: qb.discoveryUrl, realmId }));
process.on("SIGTERM", () => qb.close().then(() => process.exit(0)));
