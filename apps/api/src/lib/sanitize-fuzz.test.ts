import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectSafe } from "../../test/html-safety.ts";
import { parseInbound } from "../integrations/mail/inbound-mail.ts";

/** Generated and received HTML through `sanitizeUserHtml`, checked as test/html-safety.ts reads it. */
describe("sanitizeUserHtml: fuzzed and received HTML", () => {
  it("leaves nothing active in random mixes of the payloads' pieces (mXSS fuzzing)", () => {
    const pieces = [
      "<",
      ">",
      "</",
      "/>",
      '"',
      "'",
      "`",
      "=",
      " ",
      "\n",
      "\u0000",
      "&",
      "&lt;",
      "&#x3c;",
      "&#106;",
      "&colon;",
      "<!--",
      "-->",
      "--!>",
      "<![CDATA[",
      "]]>",
      "<?",
      "<svg>",
      "</svg>",
      "<math>",
      "<mtext>",
      "<mglyph>",
      "<style>",
      "</style>",
      "<noscript>",
      "</noscript>",
      "<template>",
      "<textarea>",
      "<title>",
      "<table>",
      "<td>",
      "<form>",
      "</form>",
      "<p>",
      "</p>",
      "<a href=",
      "<img src=",
      "javascript:alert(1)",
      "java\tscript:",
      "data:text/html,",
      "https://ok.example/",
      "onerror=alert(1)",
      " onload=",
      "<script>",
      "</script>",
      "<iframe srcdoc=",
      "style=",
      "expression(alert(1))",
      "url(javascript:x)",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        expectSafe(parts.join(""));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves nothing active in the HTML of the inbound corpus's replies and automatic replies", async () => {
    const dir = join(import.meta.dirname, "../../test/fixtures/inbound");
    let withHtml = 0;
    for (const folder of ["auto", "reply", "bounce", "sisimai"]) {
      for (const file of readdirSync(join(dir, folder)).filter((f) => f.endsWith(".eml"))) {
        const mail = await parseInbound(readFileSync(join(dir, folder, file)), [], new Date());
        if (mail.html === null) continue;
        withHtml++;
        const html = expectSafe(mail.html);
        // What people wrote survives (the Outlook reply's words, its link).
        if (file === "en-outlook-top-posted.eml") {
          expect(html).toContain("next payment run on 4 December");
          expect(html).toContain('href="https://pay.brightwave.example/i/INV-1042"');
        }
      }
    }
    expect(withHtml).toBeGreaterThanOrEqual(15);
  });
});
