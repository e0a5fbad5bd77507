import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { communicationsWorld } from "./communications-fixture.ts";
import { SAMPLE_REALM } from "./kit/index.ts";

const { world, takeInvoice, sendReminder, thread, get, post } = communicationsWorld();

interface SinkAttachment {
  filename: string | null;
  contentType: string;
  size: number;
}
const attachmentsOf = (mail: unknown) => (mail as { attachments: SinkAttachment[] }).attachments;
const lastOutbound = async (invoice: { id: number; customerId: number }) =>
  (await thread(String(invoice.id), String(invoice.customerId))).messages.at(-1);

describe("'Attach the invoice PDF'", () => {
  it("is on by default: a reminder carries its invoice's PDF from QuickBooks, and its thread lists it", async () => {
    const settings = await get(apiPaths.reminders.settings);
    expect(settings.json.data.attachInvoicePdf).toBe(true);
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} with its PDF`);
    const [pdf] = attachmentsOf(mail);
    expect(attachmentsOf(mail)).toHaveLength(1);
    expect(pdf).toMatchObject({
      filename: `Invoice-${invoice.docNumber}.pdf`,
      contentType: "application/pdf",
    });
    expect(pdf!.size).toBeGreaterThan(1000);
    const sent = await lastOutbound(invoice);
    expect(sent).toMatchObject({ note: null, error: null });
    expect(sent.attachments).toEqual([
      { filename: `Invoice-${invoice.docNumber}.pdf`, contentType: "application/pdf", size: pdf!.size },
    ]);
  });

  it("when QuickBooks cannot send the PDF, the reminder goes without it and its thread says so", async () => {
    const invoice = takeInvoice();
    world().qb.control.setFaults(SAMPLE_REALM, { rate5xx: 1, status5xx: 503 });
    try {
      const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} without its PDF`);
      expect(attachmentsOf(mail)).toEqual([]);
    } finally {
      world().qb.control.clearFaults(SAMPLE_REALM);
    }
    const sent = await lastOutbound(invoice);
    expect(sent).toMatchObject({
      status: "sent",
      error: null,
      note: "Sent without the invoice PDF: QuickBooks could not send it.",
      attachments: [],
    });
  });

  it("turned off, reminders carry no PDF; left out of a save, the setting stays", async () => {
    const s = (await get(apiPaths.reminders.settings)).json.data;
    const base = { enabled: s.enabled, sendTime: s.sendTime, weekdaysOnly: s.weekdaysOnly };
    const off = await post(apiPaths.reminders.settings, { ...base, attachInvoicePdf: false });
    expect(off.status).toBe(200);
    expect(off.json.data.attachInvoicePdf).toBe(false);
    expect((await post(apiPaths.reminders.settings, base)).json.data.attachInvoicePdf).toBe(false);
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} plain`);
    expect(attachmentsOf(mail)).toEqual([]);
    expect(await lastOutbound(invoice)).toMatchObject({ note: null, attachments: [] });
  });
});
