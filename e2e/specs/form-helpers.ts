import type { Page } from "playwright-core";
import { expect } from "vitest";
import { field } from "../browser.ts";

/** How the auth forms show what is wrong, read as assistive technology reads it (auth-*-validation specs). */

/** The texts an input points at through aria-describedby (its error, when it has one). */
export const describedBy = (page: Page, label: string) =>
  field(page, label).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" | "),
  );

export const expectFieldError = (page: Page, label: string, message: string) =>
  expect.poll(() => describedBy(page, label), { timeout: 5_000 }).toBe(message);

export const expectNoFieldError = (page: Page, label: string) =>
  expect.poll(() => describedBy(page, label), { timeout: 5_000 }).toBe("");

/** A form-level notice (role=alert) with exactly this text. */
export const notice = (page: Page, text: string) =>
  page.getByRole("alert").filter({ has: page.getByText(text, { exact: true }) });

export const expectAlert = async (page: Page, text: string) => {
  await page.getByText(text, { exact: true }).waitFor();
  expect(await page.getByRole("alert").filter({ hasText: text }).count()).toBeGreaterThan(0);
};

/** An error answer in the API's shape, for a route the test fulfils. */
export const apiError = (status: number, code: string, message: string) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify({ error: { code, message } }),
});
