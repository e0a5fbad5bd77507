import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { toast, visible } from "./flows-helpers.ts";
import { makeScreenshotDir, screenshotsEnabled, screenshotVariants, shoot } from "./screenshots.ts";

/**
 * 'Send as your company' on Integrations (decision 0022): the address saved shows the DKIM record
 * to publish (the same the API gives); 'Check DNS' on a domain that publishes nothing says what is
 * missing for SPF, DKIM and DMARC, and the address stays unverified; 'Stop sending as the company'
 * turns it off. With E2E_SCREENSHOTS=1, the card off and with its record, light, dark and 390 px.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
/** A domain under `.test` (RFC 2606): nothing is ever published for it. */
const domain = `acme-${Date.now().toString(36)}.test`;

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "sending", firstName: "Sam" });
}, 120_000);

const card = (page: Page) => page.getByRole("region", { name: "Send as your company" });

async function stored() {
  const res = await stack().call("GET", `${apiPaths.sending.settings}?companyId=${user.companyId}`, {
    token: user.token,
  });
  expect(res.status).toBe(200);
  return res.json.data.sending as {
    address: string;
    verified: boolean;
    record: { name: string; value: string };
  } | null;
}

describe("sending as the company", () => {
  it("saves the address, shows the record to publish, checks DNS and says what is missing, and stops", async () => {
    const { context, page, problems } = await signedIn(browser(), user);
    await page.goto("/integrations");
    await visible(card(page).getByText("Off", { exact: true }));

    await card(page).getByRole("textbox", { name: "Address to send from" }).fill(`billing@${domain}`);
    await card(page).getByRole("button", { name: "Save", exact: true }).click();
    await visible(toast(page, "Saved. Publish the DNS record shown, then Check DNS."));
    await visible(card(page).getByText("Not verified", { exact: true }));
    const saved = (await stored())!;
    expect(saved.address).toBe(`billing@${domain}`);
    expect(saved.record.name).toBe(`recoup._domainkey.${domain}`);
    expect(saved.record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);
    await visible(card(page).getByText(saved.record.name, { exact: true }));
    await visible(card(page).getByText(saved.record.value, { exact: true }));

    await card(page).getByRole("button", { name: "Check DNS" }).click();
    const results = card(page).getByRole("list", { name: "DNS check" });
    await visible(results);
    for (const name of ["SPF", "DKIM", "DMARC"])
      await visible(results.getByRole("listitem").filter({ hasText: `${name}:` }));
    expect(await results.getByRole("listitem").count()).toBe(3);
    await visible(card(page).getByText("Not verified", { exact: true }));
    expect((await stored())!.verified).toBe(false);

    await card(page).getByRole("button", { name: "Stop sending as the company" }).click();
    await visible(card(page).getByText("Off", { exact: true }));
    expect(await stored()).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it.runIf(screenshotsEnabled)(
    "screenshots: the card off and with its record, light, dark and 390 px",
    async () => {
      makeScreenshotDir();
      const put = await stack().call("PUT", apiPaths.sending.settings, {
        token: user.token,
        body: { companyId: user.companyId, address: `billing@${domain}` },
      });
      expect(put.status).toBe(200);
      for (const variant of screenshotVariants) {
        const { context, page } = await signedIn(browser(), user, {
          colorScheme: variant.colorScheme,
          width: variant.width,
        });
        await page.goto("/integrations");
        await visible(card(page).getByText("Not verified", { exact: true }));
        await card(page).getByRole("button", { name: "Check DNS" }).click();
        await visible(card(page).getByRole("list", { name: "DNS check" }));
        await card(page).scrollIntoViewIfNeeded();
        await shoot(page, "integrations-sending", variant);
        await context.close();
      }
    },
  );
});
