import { afterEach, describe, expect, it } from "vitest";
import { type ReplyClock, readReply } from "./index.ts";

const newYork = { today: "2026-11-26", timeZone: "America/New_York" };

/** What a reply reads as, in short: the promise's date, the dispute's reason, or the kind. */
function reading(text: string, at: ReplyClock = newYork) {
  const intent = readReply(text, at);
  if (intent.kind === "promise") return intent.date;
  return intent.kind === "dispute" ? `dispute ${intent.reason}` : intent.kind;
}

/** Checks a table of "reply → reading" lines (a reply's "\n" stands for a line break). */
function expectReadings(table: string, at?: ReplyClock) {
  for (const line of table.trim().split("\n")) {
    const [text = "", expected = ""] = line.split(" → ").map((part) => part.trim());
    expect(reading(text.replaceAll("\\n", "\n"), at), text).toBe(expected);
  }
}

describe("readReply: promise dates", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("reads dates from the company's today, whatever the zone the server runs in", () => {
    for (const tz of ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"]) {
      process.env.TZ = tz;
      expectReadings(`
        we'll pay tomorrow → 2026-11-27
        payment next Friday → 2026-12-04
        should be paid by end of month → 2026-11-30
        we'll pay the 4th → 2026-12-04`);
    }
    // Berlin just after midnight on the 27th, New York still on the 26th: the given today decides.
    expectReadings("Wir überweisen morgen. → 2026-11-28", { today: "2026-11-27", timeZone: "Europe/Berlin" });
  });

  it("reads English numeric dates month first in the Americas, day first elsewhere; dots are day first", () => {
    expectReadings(`
      We'll pay on 12/4. → 2026-12-04
      Wir zahlen am 4/12. → 2026-12-04
      We'll pay on 4.12. → 2026-12-04
      Nous paierons le 4/12/2026. → 2026-12-04`);
    expectReadings(
      `We'll pay on 12/4. → 2027-04-12
       We'll pay on 4/12. → 2026-12-04`,
      { today: "2026-11-26", timeZone: "Europe/London" },
    );
  });

  it("reports dates in the past or far ahead as read, and only real calendar dates", () => {
    expectReadings(`
      We will pay on December 4, 2025. → 2025-12-04
      We will pay on June 30, 2027. → 2027-06-30
      Wir zahlen am 31.11. → none
      We'll pay on the 31st. → 2026-12-31
      Wir zahlen am 4.1. → 2027-01-04`);
    expectReadings("We'll pay on the 31st. → 2027-03-31", { today: "2027-02-05", timeZone: "UTC" });
  });

  it("takes the date the commitment names, not another in the same sentence", () => {
    expectReadings(`
      Thanks for your invoice of 11/20, we will pay it on 12/10. → 2026-12-10
      We are on it now and payment will be released in 2 weeks. → 2026-12-10
      Die Überweisung wird am Montag, den 7.12. ausgeführt. → 2026-12-07`);
  });
});

describe("readReply: what is not a promise", () => {
  it("does not read a negated commitment, but reads the one that follows a turn", () => {
    expectReadings(`
      We cannot pay by Friday. → none
      We won't be able to transfer the money before the 15th. → none
      Wir können leider nicht bis Freitag zahlen. → none
      Nous ne pourrons pas régler avant le 15. → none
      No podemos pagar el viernes. → none
      We can't do Friday, but we will pay on Monday. → 2026-11-30
      Don't worry, we'll pay on Friday. → 2026-11-27
      We will pay no later than Friday. → 2026-11-27`);
  });

  it("does not read questions, but reads a statement before a tag question", () => {
    expectReadings(`
      Can we pay on the 15th? → none
      ¿Podemos pagar el día 15? → none
      We will pay on Friday, is that OK? → 2026-11-27`);
  });

  it("says nothing for an automatic reply, whatever it promises", () => {
    expectReadings(`
      I am out of the office until Dec 7. Payments will be processed on Dec 8. → none
      Ich bin bis zum 7.12. im Urlaub. Zahlungen erfolgen am 8.12. → none`);
  });
});

describe("readReply: precedence and disputes", () => {
  it("puts a dispute over a payment, and a payment over a promise", () => {
    expectReadings(`
      We paid for the goods but they arrived broken. → dispute goods_or_service
      We paid half last week and will pay the rest on Dec 15. → paid
      We never received the goods, will pay once we do. → dispute not_received`);
  });

  it("reads 'invoice not received' as a dispute unless it asks for the invoice again", () => {
    expectReadings(`
      We never received this invoice. → dispute not_received
      We never received the invoice, can you resend it? → none
      Wir haben keine Rechnung erhalten. Bitte schicken Sie eine Kopie. → none`);
  });

  it("reads 'already paid' as paid, and a payment not yet made as nothing", () => {
    expectReadings(`
      Already paid! → paid
      We haven't paid it yet, sorry. → none
      Die Rechnung ist noch nicht bezahlt. → none`);
  });
});

describe("readReply: the reply's own words", () => {
  it("does not read the quoted original, forwarded headers or the signature", () => {
    expectReadings(`
      Thanks, noted.\\n\\nFrom: Northwind Billing\\nSent: Thursday, November 26, 2026\\nTo: AP\\n\\nWe will pay on Dec 4. → none
      Noted, thank you.\\n-- \\nACME Corp · Payment will be made by the 15th of each month → none
      Le paiement sera effectu&eacute; le 4&nbsp;d&eacute;cembre. → 2026-12-04`);
  });

  it("reads between inline quotes, and gives the sentence that said it", () => {
    const inline = "> When will you pay?\nWe'll pay on Friday.\n> And the other invoice?\nThat one too.";
    expect(readReply(inline, newYork)).toEqual({
      kind: "promise",
      date: "2026-11-27",
      evidence: "We'll pay on Friday.",
    });
  });
});
