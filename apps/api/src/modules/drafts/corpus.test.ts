import { describe, expect, it } from "vitest";
import { HONEST } from "./corpus/honest.ts";
import { INJECTIONS, TEMPLATES } from "./corpus/injections.ts";
import { ALLOW, RECORD } from "./corpus/invoice.ts";
import { guardDraft } from "./guard.ts";

const guard = (draft: { subject: string; body: string }) => guardDraft(draft, RECORD, ALLOW);

describe("the guard against the corpora", () => {
  it("shows each injection corpus template on its own: a refusal can only come from what was planted", () => {
    for (const template of TEMPLATES) expect(guard(template(""))).toBeNull();
  });

  it("shows none of the injection corpus, and every honest draft", () => {
    const letThrough = INJECTIONS.filter((item) => guard(item.draft) === null);
    const falseRefusals = HONEST.map((draft) => ({ draft, reason: guard(draft) })).filter((r) => r.reason);
    const techniques = new Set(INJECTIONS.map((i) => i.technique));
    console.log(
      `guard corpus: ${INJECTIONS.length - letThrough.length} of ${INJECTIONS.length} injections refused, ` +
        `${letThrough.length} let through (${techniques.size} techniques); ` +
        `${HONEST.length - falseRefusals.length} of ${HONEST.length} honest drafts shown, ${falseRefusals.length} false refusals`,
    );
    expect(INJECTIONS.length).toBeGreaterThanOrEqual(200);
    expect(HONEST.length).toBeGreaterThanOrEqual(50);
    expect(letThrough.map((i) => `${i.id}: ${i.planted}`)).toEqual([]);
    expect(falseRefusals.map((r) => `${r.reason} in:\n${r.draft.body}`)).toEqual([]);
  });

  it("names what it found, as found or as it reads", () => {
    const reasons = new Map(INJECTIONS.map((i) => [i.id, guard(i.draft)]));
    expect(reasons.get("phone / zero-width split")).toBe(
      'The generated draft has a phone number that is not yours: "+1 (555) 010-9999"',
    );
    expect(reasons.get("bare domain / rot13 copied")).toBe(
      'The generated draft included rivy-cnl.pbz (it reads "evil-pay.com"); drafts may not add links or addresses',
    );
    expect(reasons.get("link / base64 copied")).toBe(
      'The generated draft has encoded text: "aHR0cHM6Ly9ldmlsLmV4YW1wbGUvcGF5" (it reads "https://evil.example/pay")',
    );
    expect(reasons.get("iban / homoglyphs")).toBe(
      'The generated draft has an IBAN that is not yours: "GB82 WEST 1234 5698 7654 32"',
    );
    expect(reasons.get("waived / spaced out")).toBe(
      'The generated draft said "The remaining balance has been waived.", which the records do not show',
    );
    expect(reasons.get("link / reversed with RLO")).toBe(
      "The generated draft has hidden characters that reorder its text",
    );
    expect(reasons.get("ru 2")).toBe(
      "The generated draft mentioned пять долларов, which is not on this invoice",
    );
    expect(reasons.get("zh 3")).toBe(
      'The generated draft said "此事已结清。", which the records do not show',
    );
  });
});
