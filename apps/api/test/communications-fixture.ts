import { apiPaths } from "@recoup/contracts";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { emailMessages, reminderPauses } from "../src/db/schema/index.ts";
import { openInvoices, startWorld, type World } from "./collections-fixture.ts";
import {
  composeMail,
  deliverInbound,
  httpCaller,
  type InboundOptions,
  type MailMessage,
  sendReminder as sendByHand,
} from "./kit/index.ts";

/**
 * The communications tests' calls on one synced world: reminders sent by hand, the mail sandbox
 * answering them, raw messages posted as a relay would, and what landed in threads and pauses.
 * `world` and `appUrl` are read when called (they are set in `beforeAll`).
 */
export function communicationsKit(world: () => World, appUrl: () => string) {
  const q = (params: Record<string, string>) =>
    `?${new URLSearchParams({ companyId: world().user.companyId, ...params })}`;
  const get = (path: string, params: Record<string, string> = {}, token = world().user.token) =>
    world().call("GET", `${path}${q(params)}`, { token });
  const post = (path: string, body: Record<string, unknown>, token = world().user.token) =>
    world().call("POST", path, { token, body: { companyId: world().user.companyId, ...body } });

  /** Open invoices with an address, one per customer, so each test has its own customer. */
  function remindable() {
    const seen = new Set<number>();
    return openInvoices(world().store()).filter((inv) => {
      const email = world().store().customers.get(inv.customerId)?.email;
      if (!email || seen.has(inv.customerId)) return false;
      seen.add(inv.customerId);
      return true;
    });
  }
  let next = 0;
  const takeInvoice = () => remindable()[next++]!;

  /** Sends a reminder by hand (to the rules' recipients, or the To and CC given) and answers the email as the mail sandbox received it. */
  const sendReminder = (
    invoiceId: string,
    subject: string,
    recipients: { to?: string[]; cc?: string[] } = {},
  ): Promise<MailMessage> => sendByHand(world().t, world().user, invoiceId, { subject, ...recipients });

  const thread = async (invoiceId: string, customerRef: string) => {
    const res = await get(apiPaths.communications.thread, { invoiceId, customerRef });
    expect(res.status).toBe(200);
    return res.json.data;
  };

  const stored = async () =>
    (
      await world()
        .t.ctx.db.select({ n: count() })
        .from(emailMessages)
        .where(eq(emailMessages.companyId, world().user.companyId))
    )[0]!.n;

  const pausesOf = (targetQbId: string) =>
    world()
      .t.ctx.db.select()
      .from(reminderPauses)
      .where(
        and(eq(reminderPauses.companyId, world().user.companyId), eq(reminderPauses.targetQbId, targetQbId)),
      );

  /** Posts a raw message to the inbound endpoint over HTTP, as a relay would. */
  const deliver = (raw: Buffer, opts: InboundOptions = {}) => deliverInbound(httpCaller(appUrl()), raw, opts);

  const compose = (mail: Parameters<typeof composeMail>[0]) =>
    composeMail({ date: new Date("2026-03-16T18:00:00Z"), ...mail });

  return { get, post, takeInvoice, sendReminder, thread, stored, pausesOf, deliver, compose };
}

/**
 * The file's synced world (with `env` added to the app's; started before its tests, closed after them), served over HTTP so the
 * mail sandbox answers into it, and the kit on it. `world()` is ready once the tests run.
 */
export function communicationsWorld(env: Record<string, string> = {}) {
  let w: World | undefined;
  let url = "";
  beforeAll(async () => {
    w = await startWorld(env);
    url = await w.t.listen();
  });
  afterAll(async () => {
    await w?.close();
  });
  const world = () => w!;
  return { world, appUrl: () => url, ...communicationsKit(world, () => url) };
}
