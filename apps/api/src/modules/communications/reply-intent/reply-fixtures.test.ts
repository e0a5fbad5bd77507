import { describe, expect, it } from "vitest";
import { type Fixture, figuresTable, LANGUAGES, outcomeOf, readFixtures } from "./fixtures/fixtures.ts";
import { readReply } from "./index.ts";
import { replyBody } from "./reply-text.ts";

const fixtures: Fixture[] = LANGUAGES.flatMap(readFixtures);
const results = fixtures.map((fixture) => {
  const got = readReply(fixture.text, fixture.clock);
  return { fixture, got, outcome: outcomeOf(fixture.expected, got) };
});

describe("reading real-world replies in four languages", () => {
  it("has at least 12 fixtures per language, covering promise, dispute, paid and neither in each", () => {
    for (const language of LANGUAGES) {
      const mine = fixtures.filter((fixture) => fixture.language === language);
      expect(mine.length).toBeGreaterThanOrEqual(12);
      expect(new Set(mine.map((fixture) => fixture.expected.kind))).toEqual(
        new Set(["promise", "dispute", "paid", "none"]),
      );
    }
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
  });

  it("reads at least 90% of them right, and never suggests a promise or a payment where there is none", () => {
    const table = figuresTable(
      results.map(({ fixture, outcome }) => ({
        language: fixture.language,
        kind: fixture.expected.kind,
        outcome,
      })),
    );
    const misread = results
      .filter(({ outcome }) => outcome !== "correct")
      .map(
        ({ fixture, got }) =>
          `${fixture.at} expected ${JSON.stringify(fixture.expected)}, read ${JSON.stringify(got)}`,
      );
    console.log(`${table}\n${misread.join("\n")}`);

    const correct = results.filter(({ outcome }) => outcome === "correct").length;
    expect(correct / results.length).toBeGreaterThanOrEqual(0.9);
    const falseSuggestions = results.filter(
      ({ fixture, got }) =>
        fixture.expected.kind === "none" && (got.kind === "promise" || got.kind === "paid"),
    );
    expect(falseSuggestions.map(({ fixture }) => fixture.at)).toEqual([]);
  });

  it("gives as evidence words of the reply itself, never of the quoted original", () => {
    const words = (text: string) => text.replace(/\s+/g, " ");
    for (const { fixture, got } of results) {
      if (got.kind === "none") continue;
      expect(words(replyBody(fixture.text))).toContain(got.evidence.replace(/…$/, ""));
    }
  });
});
