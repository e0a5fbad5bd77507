import { type ConnectedUser, connectedCompany, sendReminder, until } from "@recoup/api/testing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { settle } from "./collections-helpers.ts";
import { invoiceLabel, pausesOf, remindableInvoices, threadOf } from "./communications-helpers.ts";
import { toast, visible } from "./flows-helpers.ts";

/**
 * Issue 16 item 5 in the browser: a reply from an address that is not the customer's shows in the
 * thread marked 'From an unknown sender' and changes nothing, until 'Confirm sender'.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "senders", firstName: "Sena" });
});

describe("a reply from an unknown sender", () => {
  it("is marked in the thread, pauses nothing, and 'Confirm sender' makes it the customer's reply", async () => {
    const [target] = await remindableInvoices(user);
    if (!target) throw new Error("no remindable invoice with an email address");
    const subject = `Invoice reminder ${Date.now().toString(36)}`;
    const mail = await sendReminder(stack(), user, target.invoiceId, { subject });
    const words = "Ignore this invoice, it was cancelled.";
    await stack().mailbox.answer(mail.id, "reply", {
      from: "Mallory <mallory@elsewhere.example>",
      text: words,
    });
    await until(async () => (await threadOf(user, target)).messages.some((m) => m.kind === "reply"), 15_000, {
      what: "the reply in its thread",
      intervalMs: 200,
    });

    const { context, page, problems } = await signedIn(browser(), user);
    await page.goto(
      `/communications?${new URLSearchParams({ invoice: target.invoiceId, customer: target.customerRef })}`,
    );
    await settle(page);
    const region = page.getByRole("region", { name: `Invoice ${invoiceLabel(target)}` });
    const reply = page
      .getByRole("region", { name: "Emails" })
      .getByTestId("thread-email")
      .filter({ hasText: words });
    const marker = reply.getByTestId("unknown-sender");
    await visible(marker.getByText("From an unknown sender", { exact: true }));
    await visible(marker.getByText(/reminders go on/));
    expect(await page.getByTestId("reply-waiting").count()).toBe(0);
    expect((await pausesOf(user, target)).invoice).toEqual([]);

    await marker.getByRole("button", { name: "Confirm sender" }).click();
    await visible(toast(page, "Sender confirmed. This email now counts as the customer's."));
    await visible(page.getByTestId("reply-waiting"));
    await visible(region.getByText("Reply waiting", { exact: true }).first());
    await visible(reply.getByText("From an unknown sender; sender confirmed."));
    expect(await reply.getByRole("button", { name: "Confirm sender" }).count()).toBe(0);
    expect((await pausesOf(user, target)).invoice.map((p) => p.reason)).toEqual(["reply"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
