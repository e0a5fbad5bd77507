/**
 * A reply that reads like a promise to pay, a dispute or 'already paid' is offered in its thread as
 * one click; nothing is applied without it, a held reply offers nothing, and applying it records
 * the hold and deals with the reply.
 */
import { apiPaths, holdMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { communicationsWorld } from "./communications-fixture.ts";
import { createReply } from "./kit/index.ts";

const { world, takeInvoice, sendReminder, thread, post } = communicationsWorld();

/** A reminder sent for a fresh invoice, and the customer's answer to it from their own address. */
async function answered(text: string, from?: string) {
  const inv = takeInvoice();
  await sendReminder(String(inv.id), `Invoice ${inv.docNumber} - suggestion`);
  await createReply(world().t, {
    companyId: world().user.companyId,
    invoiceId: String(inv.id),
    text,
    from: from ?? world().store().customers.get(inv.customerId)!.email!,
  });
  return { inv, ids: [String(inv.id), String(inv.customerId)] as const };
}

describe("what a reply says, suggested in its thread", () => {
  it("a promise with a date: suggested, not applied; one click records it and handles the reply", async () => {
    // The reply comes on Monday 16 March 2026 (the sandbox's today): 'next Friday' is the 27th.
    const { inv, ids } = await answered(
      "Hi, sorry for the delay. We will pay this invoice next Friday.\n\nThanks, Sam",
    );
    const before = await thread(...ids);
    expect(before.state).toBe("reply_waiting");
    expect(before.promise).toBeNull();
    expect(before.suggestion).toMatchObject({
      kind: "promise",
      date: "2026-03-27",
      text: "Looks like a promise to pay on Mar 27, 2026",
      action: "Record promise",
    });
    const res = await post(apiPaths.holds.promise, {
      invoiceId: String(inv.id),
      date: before.suggestion.date,
      source: "reply",
      emailId: before.suggestion.emailId,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(holdMessages.promiseRecorded);
    const after = await thread(...ids);
    expect(after.promise).toMatchObject({ date: "2026-03-27", source: "reply" });
    expect(after.suggestion).toBeNull();
    expect(after.state).not.toBe("reply_waiting");
    expect(after.messages.at(-1).text).toContain("Recorded from the customer's reply.");
  });

  it("in German too: 'Wir zahlen am 4. April' is a promise for 4 April", async () => {
    const { ids } = await answered(
      "Guten Tag,\n\nwir zahlen die Rechnung am 4. April.\n\nMit freundlichen Grüßen",
    );
    expect((await thread(...ids)).suggestion).toMatchObject({ kind: "promise", date: "2026-04-04" });
  });

  it("'already paid' and a dispute are suggested as disputes with their reason", async () => {
    const paid = await answered("We already paid this invoice last week by bank transfer.");
    expect((await thread(...paid.ids)).suggestion).toMatchObject({
      kind: "paid",
      reason: "already_paid",
      action: "Record as already paid",
    });
    const wrong = await answered(
      "The invoice total does not match the quote we signed. Please send a corrected invoice.",
    );
    const suggestion = (await thread(...wrong.ids)).suggestion;
    expect(suggestion).toMatchObject({ kind: "dispute", reason: "wrong_amount" });
    const res = await post(apiPaths.holds.dispute, {
      invoiceId: String(wrong.inv.id),
      reason: suggestion.reason,
      message: "The invoice total does not match the quote we signed. Please send a corrected invoice.",
      source: "reply",
      emailId: suggestion.emailId,
    });
    expect(res.status).toBe(200);
    const after = await thread(...wrong.ids);
    expect(after.dispute).toMatchObject({ reason: "wrong_amount", source: "reply" });
    expect(after.suggestion).toBeNull();
  });

  it("a reply that says none of these, or one from an unknown sender, suggests nothing", async () => {
    const plain = await answered("Could you send me a copy of the invoice please?");
    expect((await thread(...plain.ids)).suggestion).toBeNull();
    const stranger = await answered("We will pay on Friday.", "someone@elsewhere.example");
    const t = await thread(...stranger.ids);
    expect(t.messages.at(-1).sender).toBe("unknown");
    expect(t.suggestion).toBeNull();
  });
});
