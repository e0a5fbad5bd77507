import { randomUUID } from "node:crypto";
import { type ConnectedUser, composeMail, connectedCompany, sendReminder, until } from "@recoup/api/testing";
import { type DovecotServer, startDovecot } from "@recoup/api/testing/dovecot";
import { apiPaths, mailboxMessages } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { pausesOf, remindableInvoices, threadOf, threadUrl } from "./communications-helpers.ts";
import { toast, visible } from "./flows-helpers.ts";
import { makeScreenshotDir, screenshotsEnabled, screenshotVariants, shoot } from "./screenshots.ts";

/**
 * 'Connect a mailbox' on Integrations against a real Dovecot (started from its binary by the test):
 * a wrong password says so, the right one connects; a reminder goes out with the mailbox as its
 * Reply-To, the customer's reply is appended to the mailbox, and Communications shows it with the
 * invoice paused. With E2E_SCREENSHOTS=1, the form in light, dark and at 390 px.
 */
const browser = chromiumForFile();
const MAILBOX = "billing@example.test";
let imap: DovecotServer;
let user: ConnectedUser;

beforeAll(async () => {
  imap = await startDovecot({ users: [MAILBOX] });
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "mailbox", firstName: "Mia" });
}, 120_000);
afterAll(() => imap?.stop());

async function fillForm(page: Page, password: string) {
  const form = page.getByRole("form", { name: "Connect a mailbox" });
  await form.getByLabel("IMAP server").fill(imap.host);
  const tls = form.getByRole("checkbox", { name: "TLS" });
  if ((await tls.getAttribute("data-state")) === "checked") await tls.click();
  await form.getByLabel("Port").fill(String(imap.port));
  await form.getByLabel("User name").fill(MAILBOX);
  await form.getByLabel("App password").fill(password);
  return form;
}

describe("mailbox for replies", () => {
  it("connects the mailbox on Integrations, and a reply appended to it shows in Communications", async () => {
    const { context, page, problems } = await signedIn(browser(), user);
    await page.goto("/integrations");
    const card = page.getByRole("region", { name: "Mailbox for replies" });
    await visible(card);
    await visible(card.getByText("Not connected", { exact: true }));

    // Microsoft's hosts get their note as soon as they are typed.
    const form = page.getByRole("form", { name: "Connect a mailbox" });
    await form.getByLabel("IMAP server").fill("outlook.office365.com");
    await visible(form.getByText(/allow only OAuth/));

    // A wrong password: the server's refusal, in a sentence.
    await fillForm(page, "not-the-password");
    await form.getByRole("button", { name: "Connect Mailbox" }).click();
    await visible(form.getByText(mailboxMessages.failures.login));

    await fillForm(page, imap.password);
    await form.getByRole("button", { name: "Connect Mailbox" }).click();
    await visible(toast(page, mailboxMessages.connected));
    await visible(card.getByText("Connected", { exact: true }));
    await visible(card.getByText(`${MAILBOX} on ${imap.host}:${imap.port}`));

    // A reminder, and the customer's reply delivered to the mailbox.
    const [target] = await remindableInvoices(user);
    const mail = await sendReminder(stack(), user, target!.invoiceId, {
      subject: `Invoice ${target!.docNumber} is due`,
    });
    expect(mail.headers["reply-to"]).toBe(MAILBOX);
    const words = `Paid this morning ${randomUUID().slice(0, 8)}`;
    await imap.append(
      MAILBOX,
      composeMail({
        from: mail.to[0],
        to: MAILBOX,
        subject: `Re: ${mail.subject}`,
        inReplyTo: mail.messageId ?? undefined,
        references: mail.messageId ? [mail.messageId] : [],
        text: words,
      }),
    );
    await until(async () => (await threadOf(user, target!)).messages.length === 2, 20_000, {
      what: "the reply in its thread",
      intervalMs: 200,
    });
    await page.goto(threadUrl(target!));
    await visible(page.getByRole("region", { name: "Emails" }).getByText(words));
    await visible(page.getByTestId("reply-waiting"));
    expect((await pausesOf(user, target!)).invoice.map((p) => p.reason)).toEqual(["reply"]);

    // Disconnect.
    await page.goto("/integrations");
    await card.getByRole("button", { name: "Disconnect", exact: true }).click();
    await visible(toast(page, mailboxMessages.disconnected));
    await visible(card.getByText("Not connected", { exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });

  it.runIf(screenshotsEnabled)(
    "screenshots: the form and the connected mailbox, light, dark and 390 px",
    async () => {
      makeScreenshotDir();
      const disconnect = () =>
        stack().call("DELETE", `${apiPaths.mailbox.connection}?companyId=${user.companyId}`, {
          token: user.token,
        });
      await disconnect();
      const shots = async (screen: string, before?: (page: Page) => Promise<void>) => {
        for (const variant of screenshotVariants) {
          const { context, page } = await signedIn(browser(), user, {
            colorScheme: variant.colorScheme,
            width: variant.width,
          });
          await page.goto("/integrations");
          await visible(page.getByRole("heading", { name: "Mailbox for replies", exact: true }));
          await before?.(page);
          await shoot(page, screen, variant);
          await context.close();
        }
      };
      await shots("integrations-mailbox-form", async (page) => {
        const form = page.getByRole("form", { name: "Connect a mailbox" });
        await form.getByLabel("IMAP server").fill("imap.gmail.com");
        await form.getByLabel("User name").fill("ar@acme.example");
      });
      const body = { companyId: user.companyId, host: imap.host, port: imap.port, tls: false, user: MAILBOX };
      const connected = await stack().call("PUT", apiPaths.mailbox.connection, {
        token: user.token,
        body: { ...body, password: imap.password, moveTo: null, plusAddressing: true },
      });
      expect(connected.status).toBe(200);
      await shots("integrations-mailbox-connected", (page) =>
        visible(page.getByText("Replies go to", { exact: true })),
      );
      await disconnect();
    },
  );
});
