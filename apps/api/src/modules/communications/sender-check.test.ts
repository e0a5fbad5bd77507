import { describe, expect, it } from "vitest";
import { addressesIn, heldReason, type SenderFacts } from "./sender-check.ts";

const now = new Date("2026-03-16T12:00:00Z");
const facts = (over: Partial<SenderFacts> = {}): SenderFacts => ({
  customer: ["ap@acme.example", "owner@gmail.com"],
  sent: ["ap@acme.example", "cfo@holding.example"],
  lastSentAt: new Date("2026-03-10T09:00:00Z"),
  ...over,
});
const reply = (from: string) => ({ kind: "reply" as const, from, bounce: null });
const bounce = (recipient: string | null) => ({
  kind: "bounce" as const,
  from: "MAILER-DAEMON@mx.example",
  bounce: { recipient, status: "5.1.1", diagnostic: null, transient: false, originalMessageId: null },
});

describe("heldReason", () => {
  it("counts the customer's addresses, the ones Recoup wrote to, and colleagues at the customer's domain", () => {
    expect(heldReason(reply("AP@Acme.example"), facts(), now)).toBeNull();
    expect(heldReason(reply("cfo@holding.example"), facts(), now)).toBeNull();
    expect(heldReason(reply("someone.else@acme.example"), facts(), now)).toBeNull();
    expect(heldReason({ ...reply("x@acme.example"), kind: "auto_reply" }, facts(), now)).toBeNull();
  });

  it("holds anyone else, and a public mailbox domain vouches for nobody", () => {
    expect(heldReason(reply("someone@elsewhere.example"), facts(), now)).toBe("stranger");
    expect(heldReason(reply("owner@gmail.com"), facts(), now)).toBeNull();
    expect(heldReason(reply("stranger@gmail.com"), facts(), now)).toBe("stranger");
    // A colleague of an address Recoup only wrote to (not the customer's) is not vouched for either.
    expect(heldReason(reply("intern@holding.example"), facts(), now)).toBe("stranger");
  });

  it("a bounce counts only when it names an address Recoup sent the thread to", () => {
    expect(heldReason(bounce("ap@acme.example"), facts(), now)).toBeNull();
    expect(heldReason(bounce("someone@acme.example"), facts(), now)).toBe("stranger");
    expect(heldReason(bounce(null), facts(), now)).toBe("stranger");
  });

  it("a reply to a thread quiet for more than 90 days is late", () => {
    const quiet = facts({ lastSentAt: new Date(now.getTime() - 91 * 86_400_000) });
    expect(heldReason(reply("ap@acme.example"), quiet, now)).toBe("late");
    expect(heldReason(reply("ap@acme.example"), facts({ lastSentAt: null }), now)).toBeNull();
  });
});

describe("addressesIn", () => {
  it("reads every address of a field that lists several", () => {
    expect(addressesIn("A@x.example, b@y.example;<c@z.example>  d")).toEqual([
      "a@x.example",
      "b@y.example",
      "c@z.example",
    ]);
    expect(addressesIn(null)).toEqual([]);
  });
});
