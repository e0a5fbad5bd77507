/**
 * What a new user does first, against a real `npm start` (run it first, with its default ports):
 * sign up, connect the sample company, turn reminders on (in a zone where it is a weekday between
 * 09:00 and 18:00), wait for the overdue invoices' reminders in the mail inbox, reply to one from
 * the inbox, and see it in Communications with the invoice paused. Run: `npx tsx scripts/try-as-new-user.ts [time zone]`.
 */

import { connectQuickBooks, createCompany, httpCaller, Mailbox, waitForSync } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";

const app = "http://127.0.0.1:3000";
const inbox = "http://localhost:8025";
const zone = process.argv[2] ?? "America/Los_Angeles";
const call = httpCaller(app);
const mailbox = new Mailbox(inbox);
const t0 = Date.now();
const s = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const user = await createCompany(
  { call, mailbox },
  { label: "newuser", timezone: zone, companyName: "Try Co" },
);
console.log(s(), "signed up", user.email, "zone", zone);
await connectQuickBooks(call, user, "http://localhost:4020");
await waitForSync(call, user, 120_000);
console.log(s(), "connected and synced");
const q = `?companyId=${user.companyId}`;
const settings = await call("GET", `${apiPaths.reminders.settings}${q}`, { token: user.token });
console.log(s(), "window", JSON.stringify(settings.json.data.window));
const before = new Set((await mailbox.to()).map((m) => m.id));
const body = { companyId: user.companyId, enabled: true, sendTime: "09:00", weekdaysOnly: true };
const first = await call("POST", apiPaths.reminders.settings, { token: user.token, body });
console.log(
  s(),
  "turning on without confirm:",
  first.status,
  first.json.error?.details?.count,
  "would go now:",
  first.json.error?.details?.now,
);
const on = await call("POST", apiPaths.reminders.settings, {
  token: user.token,
  body: { ...body, confirm: true },
});
console.log(s(), "turned on:", on.status);
const expected = first.json.error?.details?.count ?? 0;
// Reminders of one customer go as one combined email: wait for the app's log to show every
// reminder sent, then read this company's emails (those that came after it turned reminders on).
const total = async (status: string) =>
  (await call("GET", `${apiPaths.reminders.log}${q}&status=${status}`, { token: user.token })).json.data
    .total as number;
let sent = 0;
for (let i = 0; i < 120 && expected > 0; i++) {
  sent = await total("sent");
  if (sent >= expected && (await total("queued")) === 0) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const reminders = (await mailbox.to()).filter(
  (m) => m.headers["reply-to"]?.startsWith("reply+") && !before.has(m.id),
);
console.log(s(), `${sent} of ${expected} reminders sent, as ${reminders.length} emails in the inbox`);
const one = reminders[0]!;
console.log("  e.g.", one.to, "|", one.subject, "|", one.text.replace(/\s+/g, " ").slice(0, 240));
const replied = await fetch(`${inbox}/api/messages/${one.id}/reply`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ text: "We paid this on Friday." }),
});
console.log(s(), "reply from the inbox:", replied.status, await replied.text());
await new Promise((r) => setTimeout(r, 1000));
const list = await call("GET", `${apiPaths.communications.invoices}${q}&state=reply_waiting`, {
  token: user.token,
});
console.log(
  s(),
  "Communications, reply waiting:",
  JSON.stringify(
    list.json.data.invoices.map((i: { docNumber: string; state: string; lastMessage: { kind: string } }) => [
      i.docNumber,
      i.state,
      i.lastMessage.kind,
    ]),
  ),
);
