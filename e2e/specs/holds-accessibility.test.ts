import { type ConnectedUser, connectedCompany, sendReminder, until } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, logIn, stack } from "../browser.ts";
import { axeContext, describeViolations, seriousViolations } from "./axe.ts";
import { settle } from "./collections-helpers.ts";
import {
  isoDaysFromNow,
  remindableInvoices,
  type Target,
  threadOf,
  threadUrl,
} from "./communications-helpers.ts";

/**
 * axe-core over promises and disputes, light and dark, desktop and phone: a thread with a promise
 * and a reply's suggestion, its 'Change promise' dialog, a disputed thread with 'Record promise',
 * and the Invoices and Communications lists under their hold filters.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
let promised: Target;
let disputed: Target;

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "axe-holds", firstName: "Ada" });
  const [a, b] = await remindableInvoices(user);
  if (!a || !b) throw new Error("not enough remindable invoices");
  [promised, disputed] = [a, b];
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await stack().call("POST", path, {
      token: user.token,
      body: { companyId: user.companyId, ...body },
    });
    if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
  };
  const mail = await sendReminder(stack(), user, a.invoiceId);
  // A month out: never the date "next Friday" reads as, which would leave nothing to suggest.
  await post(apiPaths.holds.promise, { invoiceId: a.invoiceId, date: isoDaysFromNow(30), note: "By phone." });
  await stack().mailbox.answer(mail.id, "reply", { text: "Hello,\n\nWe will pay it next Friday.\n\nThanks" });
  await until(async () => (await threadOf(user, a)).suggestion, 20_000, { what: "the reply's suggestion" });
  await sendReminder(stack(), user, b.invoiceId);
  await post(apiPaths.holds.dispute, {
    invoiceId: b.invoiceId,
    reason: "not_received",
    message: "Never arrived.",
  });
});

async function check(page: Page, what: string, found: string[]) {
  await page.waitForTimeout(400);
  found.push(...describeViolations(what, await seriousViolations(page)));
}

const variants = [
  { theme: "light", width: 1280 },
  { theme: "dark", width: 1280 },
  { theme: "dark", width: 390 },
] as const;

describe("accessibility of promises and disputes (axe-core)", () => {
  for (const { theme, width } of variants) {
    it(`no serious or critical violations (${theme}, ${width} px)`, async () => {
      const { context, page } = await axeContext(browser(), theme, width);
      await logIn(page, user);
      const found: string[] = [];
      const where = (what: string) => `${what} (${theme}, ${width} px)`;

      await page.goto(threadUrl(promised));
      await settle(page);
      await page.getByTestId("reply-suggestion").waitFor();
      await check(page, where("thread with a promise and a suggestion"), found);
      await page.getByTestId("promise-panel").getByRole("button", { name: "Change promise" }).click();
      await page.getByRole("dialog").getByLabel("Pay by").waitFor();
      await check(page, where("'Change promise' dialog"), found);
      await page.keyboard.press("Escape");

      await page.goto(threadUrl(disputed));
      await settle(page);
      await page.getByTestId("dispute-panel").getByRole("button", { name: "Resolve dispute" }).waitFor();
      await check(page, where("disputed thread"), found);

      for (const path of [
        "/invoices?hold=promised",
        "/invoices?hold=disputed",
        "/communications?hold=promised",
      ]) {
        await page.goto(path);
        await settle(page);
        await check(page, where(path), found);
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
