import { describe, expect, it } from "vitest";

import { splitQuoted } from "@/features/communications/utils/quoted-text";

describe("a reply's quoted history", () => {
  it("is what follows the customer's own words", () => {
    const text = "We will pay Friday.\n\nOn Mon, Acme wrote:\n> Invoice 1042 is overdue.";
    expect(splitQuoted({ text, replyText: "We will pay Friday." })).toEqual({
      own: "We will pay Friday.",
      quoted: "On Mon, Acme wrote:\n> Invoice 1042 is overdue.",
    });
  });

  it("is empty when the message quotes nothing", () => {
    expect(splitQuoted({ text: "Paid today.\n", replyText: "Paid today." })).toEqual({
      own: "Paid today.",
      quoted: "",
    });
  });

  it("shows the whole text when the server found no reply of its own", () => {
    expect(splitQuoted({ text: "> only quoted", replyText: "" })).toEqual({
      own: "> only quoted",
      quoted: "",
    });
  });

  it("keeps the whole text as history when the reply is not found in it", () => {
    expect(splitQuoted({ text: "Line A\n> quoted", replyText: "Line B" })).toEqual({
      own: "Line B",
      quoted: "Line A\n> quoted",
    });
  });
});
