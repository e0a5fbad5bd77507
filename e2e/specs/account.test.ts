import { createCompany, png } from "@recoup/api/testing";
import { apiPaths, type ProfileResponse, profileMessages, type UserDetails } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, field, logIn, newContext, stack } from "../browser.ts";
import {
  captureOnFailure,
  expectTitle,
  gone,
  holdRequests,
  idTokenOf,
  toast,
  userMenuButton,
  visible,
} from "./flows-helpers.ts";

const browser = chromiumForFile();

/**
 * A signature with formatting and two ways to run script. Each would set a marker and call home
 * (`/__pwned?...`), so a script that ran anywhere (page or preview frame) would be seen.
 */
const SIGNATURE =
  "<p><b>Best regards</b>,<br>Ada Collector</p>" +
  "<script>window.__pwned = 'script'; fetch('/__pwned?script');</script>" +
  `<img src="data:image/png;base64,AAAA" alt="" onerror="window.__pwned = 'onerror'; fetch('/__pwned?onerror')">`;

describe("account settings", () => {
  it("edits the name, the signature (sanitised, previewed without script) and both pictures", async () => {
    const user = await createCompany(stack(), { label: "account", firstName: "Ada" });
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "account-1");
    context.setDefaultTimeout(20_000);
    const calledHome: string[] = [];
    context.on("request", (req) => {
      if (req.url().includes("__pwned")) calledHome.push(req.url());
    });
    await logIn(page, user);

    // The user menu before: no picture, the initial as fallback.
    const menu = userMenuButton(page, user.email);
    await visible(menu);
    expect(await menu.textContent()).toContain(user.name);
    expect(await menu.locator("img").count()).toBe(0);

    // To /account from the user menu; the profile loads (held back until the loading text is seen).
    const release = await holdRequests(page, "**/v1/business/settings/get-profile/**");
    await menu.click();
    await page.getByRole("menuitem", { name: "Account" }).click();
    await expectPath(page, "/account");
    await expectTitle(page, "Account");
    await visible(page.getByText(profileMessages.loading, { exact: true }));
    release();
    for (const section of ["Profile and Company Images", "Profile Information", "Email Signature"]) {
      await visible(page.getByRole("heading", { name: section, exact: true }));
    }
    await gone(page.getByText(profileMessages.loading, { exact: true }));

    // Email is read-only, with its note.
    const emailInput = field(page, "Email");
    expect(await emailInput.inputValue()).toBe(user.email);
    expect(await emailInput.getAttribute("readonly")).not.toBeNull();
    await visible(page.getByText(profileMessages.emailNote, { exact: true }));
    await emailInput.press("End");
    await page.keyboard.type("x");
    expect(await emailInput.inputValue()).toBe(user.email);

    // Full Name.
    const fullName = field(page, "Full Name");
    expect(await fullName.inputValue()).toBe(user.name);
    await fullName.fill("Ada Q. Collector");

    // Signature: the preview shows the formatted text in a sandboxed frame; no script runs.
    await field(page, "Signature").fill(SIGNATURE);
    const preview = page.frameLocator('iframe[title="Email signature preview"]');
    await visible(preview.getByText("Best regards"));
    expect(await preview.locator("b").textContent()).toBe("Best regards");
    await visible(preview.getByText("Ada Collector"));
    expect(await page.locator('iframe[title="Email signature preview"]').getAttribute("sandbox")).toBe("");

    // Pictures: a 300×300 file is refused and not kept; 256×256 or smaller is taken.
    const profileInput = field(page, "Profile picture");
    const logoInput = field(page, "Company logo");
    await profileInput.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: await png(300, 300) });
    const tooLarge = page.getByRole("alert").filter({ hasText: profileMessages.imageTooLarge });
    await visible(tooLarge);
    expect(await profileInput.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    expect(await page.getByRole("img", { name: "Profile picture preview" }).count()).toBe(0);

    await profileInput.setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: await png(64, 64, { r: 37, g: 99, b: 235 }),
    });
    await gone(tooLarge);
    await visible(page.getByRole("img", { name: "Profile picture preview" }));
    await logoInput.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await png(256, 128, { r: 22, g: 163, b: 74 }),
    });
    await visible(page.getByRole("img", { name: "Company logo preview" }));

    await page.getByRole("button", { name: "Save Changes" }).click();
    await visible(toast(page, profileMessages.updateSuccess));

    // The user menu follows: new name and the picture.
    await expect.poll(() => menu.textContent(), { timeout: 15_000 }).toContain("Ada Q. Collector");
    await expect.poll(() => menu.locator("img").count(), { timeout: 15_000 }).toBe(1);
    expect(await menu.locator("img").getAttribute("src")).toMatch(/^data:image\//);

    // What the server keeps: the name, both pictures, the signature without any script.
    const token = await idTokenOf(context);
    const read = async <T>(path: string) => {
      const res = await stack().call("GET", path, { token });
      expect(res.status, `GET ${path}`).toBe(200);
      return res.json as T;
    };
    const { data: details } = await read<{ data: UserDetails }>(apiPaths.auth.userDetails);
    const stored = await read<ProfileResponse>(apiPaths.settings.getProfile(details.companyId!, user.email));
    expect(stored.userData[0]?.name).toBe("Ada Q. Collector");
    expect(stored.profilePic).toMatch(/^data:image\//);
    expect(stored.companyLogo).toMatch(/^data:image\//);
    expect(stored.signature).toContain("<b>Best regards</b>");
    expect(stored.signature).not.toMatch(/<script|onerror|__pwned/i);
    // The form now holds what was saved (the sanitised signature).
    expect(await field(page, "Signature").inputValue()).toBe(stored.signature);

    // A reload shows the saved values.
    await page.reload();
    await expectTitle(page, "Account");
    await expect.poll(() => fullName.inputValue(), { timeout: 15_000 }).toBe("Ada Q. Collector");
    const savedSignature = await field(page, "Signature").inputValue();
    expect(savedSignature).toBe(stored.signature);
    await visible(preview.getByText("Best regards"));
    const saved = page.getByRole("img", { name: "Profile picture preview" });
    await visible(saved);
    // Decoded a moment after it shows.
    await expect
      .poll(() => saved.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([64, 64]);
    await visible(page.getByRole("img", { name: "Company logo preview" }));
    await expect.poll(() => menu.textContent(), { timeout: 15_000 }).toContain("Ada Q. Collector");

    // No script ran: no marker in the page or in the preview frame, no call home.
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    expect(await frame!.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(calledHome).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
