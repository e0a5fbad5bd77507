import { describe, expect, it } from "vitest";

import { parseDisputedChoice } from "@/features/aging-report/utils/disputed-choices";

const parse = (search: string) => parseDisputedChoice(new URLSearchParams(search));

describe("what the aging report does with disputed invoices, from its URL", () => {
  it("reads the two other choices", () => {
    expect(parse("?disputed=exclude")).toBe("exclude");
    expect(parse("?q=acme&disputed=apart&page=2")).toBe("apart");
  });

  it("counts them like the rest when the URL says nothing, or something else", () => {
    expect(parse("")).toBe("include");
    expect(parse("?disputed=hide")).toBe("include");
    expect(parse("?disputed=")).toBe("include");
  });
});
