import { codeFrom, createCompany, createUser, type MailMessage, VERIFY_SUBJECT } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, field, newContext, stack, submitLogin } from "../browser.ts";
import { captureOnFailure, gone, visible, webTexts } from "./flows-helpers.ts";

const browser = chromiumForFile();

const linkFrom = (mail: MailMessage) => /Verify email: (\S+)/.exec(mail.text)![1]!;
const useAnotherEmail = (page: Page) => page.getByRole("button", { name: "Use another email" });
const isFocused = (page: Page) => field(page, "Email").evaluate((el) => el === document.activeElement);

describe("the emailed verification link on the login form", () => {
  it("locks the address across a reload until 'Use another email' unlocks the field and forgets it", async () => {
    const pending = await createUser(stack(), { label: "link-locked", verify: false });
    const link = linkFrom(await stack().mailbox.waitFor(pending.email, VERIFY_SUBJECT, { count: 1 }));
    const other = await createCompany(stack(), { label: "link-other" });
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "verify-link-unlock");
    context.setDefaultTimeout(20_000);
    const email = field(page, "Email");

    await page.goto(link);
    await expectPath(page, "/login");
    await visible(page.getByText(webTexts.verifyOnLogin, { exact: true }));
    expect(await email.inputValue()).toBe(pending.email);
    expect(await email.isEditable()).toBe(false);

    // A reload keeps the link (it lives in the tab's history), so the address stays locked…
    await page.reload();
    await visible(page.getByText(webTexts.verifyOnLogin, { exact: true }));
    expect(await email.isEditable()).toBe(false);

    // …until 'Use another email': the field empties, unlocks and takes the focus.
    await useAnotherEmail(page).click();
    await gone(page.getByText(webTexts.verifyOnLogin, { exact: true }));
    expect(await email.isEditable()).toBe(true);
    expect(await email.inputValue()).toBe("");
    await expect.poll(() => isFocused(page)).toBe(true);

    // The link is forgotten: a reload leaves the field open.
    await page.reload();
    await visible(page.getByRole("heading", { name: "Welcome back" }));
    expect(await email.isEditable()).toBe(true);
    expect(await email.inputValue()).toBe("");
    expect(await page.getByText(webTexts.verifyOnLogin, { exact: true }).count()).toBe(0);
    expect(await useAnotherEmail(page).count()).toBe(0);

    // Another address logs in.
    await submitLogin(page, other.email, other.password);
    await expectPath(page, "/dashboard");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("does not ask to finish verifying an address verified since the link was opened", async () => {
    const user = await createUser(stack(), { label: "link-verified", verify: false });
    const mail = await stack().mailbox.waitFor(user.email, VERIFY_SUBJECT, { count: 1 });
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "verify-link-verified");
    context.setDefaultTimeout(20_000);
    const email = field(page, "Email");

    await page.goto(linkFrom(mail));
    await visible(page.getByText(webTexts.verifyOnLogin, { exact: true }));

    // The address is verified elsewhere (the code typed in the signup tab, say).
    const verified = await stack().call("POST", apiPaths.auth.verifyEmail, {
      body: { email: user.email, code: codeFrom(mail), password: user.password },
    });
    expect(verified.status).toBe(200);

    // Reloaded, the page no longer asks to finish verifying: a plain login, the address kept.
    await page.reload();
    await visible(page.getByText(webTexts.linkUsed, { exact: true }));
    expect(await page.getByText(webTexts.verifyOnLogin, { exact: true }).count()).toBe(0);
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.isEditable()).toBe(true);
    expect(await useAnotherEmail(page).count()).toBe(0);

    await field(page, "Password").fill(user.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectPath(page, "/onboarding");
    expect(problems).toEqual([]);
    await context.close();
  });
});
