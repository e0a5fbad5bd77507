import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseInbound } from "./inbound-mail.ts";
import { namedReturnDate } from "./return-date.ts";

/**
 * The inbound corpus (test/fixtures/inbound, described by its manifest.json): real automatic
 * replies and bounces from sisimai/set-of-emails, and out-of-office replies, bounces and people's
 * replies written from real header sets in English, German, French and Spanish.
 */
const DIR = join(import.meta.dirname, "../../../test/fixtures/inbound");

interface Fixture {
  file: string;
  kind: "reply" | "auto_reply" | "bounce";
  lang: string | null;
  source: string;
  now?: string;
  returnDate: string | null;
  bounce?: {
    recipient: string | null;
    status: string | null;
    transient: boolean;
    originalMessageId?: string | null;
  };
  replyIncludes?: string;
  replyExcludes?: string;
  attachments?: { filename: string; contentType: string; size: number }[];
}

const manifest = JSON.parse(readFileSync(join(DIR, "manifest.json"), "utf8")) as {
  now: string;
  fixtures: Fixture[];
};
const byKind = (kind: Fixture["kind"]) => manifest.fixtures.filter((f) => f.kind === kind);
const read = (f: Fixture) => readFileSync(join(DIR, f.file));
const crlf = (raw: Buffer) => Buffer.from(raw.toString("latin1").replace(/\r?\n/g, "\r\n"), "latin1");

async function expectClassified(f: Fixture, raw: Buffer) {
  const mail = await parseInbound(raw, [], new Date(f.now ?? manifest.now));
  expect(mail.kind).toBe(f.kind);
  expect(mail.returnDate).toBe(f.returnDate);
  if (f.kind === "bounce") {
    expect(mail.bounce).not.toBeNull();
    expect(mail.bounce!.recipient).toBe(f.bounce!.recipient);
    expect(mail.bounce!.status).toBe(f.bounce!.status);
    expect(mail.bounce!.transient).toBe(f.bounce!.transient);
    if (f.bounce!.originalMessageId !== undefined) {
      expect(mail.bounce!.originalMessageId).toBe(f.bounce!.originalMessageId);
    }
  } else {
    expect(mail.bounce).toBeNull();
  }
  if (f.replyIncludes) expect(mail.replyText).toContain(f.replyIncludes);
  if (f.replyExcludes) {
    expect(mail.text).toContain(f.replyExcludes);
    expect(mail.replyText).not.toContain(f.replyExcludes);
  }
  if (f.attachments) expect(mail.attachments).toEqual(f.attachments);
  return mail;
}

describe("the inbound corpus", () => {
  it("lists every fixture file, and every file it lists exists", () => {
    const files = ["auto", "bounce", "reply", "sisimai"].flatMap((d) =>
      readdirSync(join(DIR, d))
        .filter((name) => name.endsWith(".eml"))
        .map((name) => `${d}/${name}`),
    );
    expect(manifest.fixtures.map((f) => f.file).sort()).toEqual(files.sort());
  });

  it("holds at least 20 automatic replies in English, German, French and Spanish, 5 bounces and 5 replies", () => {
    const autos = byKind("auto_reply");
    expect(autos.length).toBeGreaterThanOrEqual(20);
    for (const lang of ["en", "de", "fr", "es"]) {
      expect(autos.filter((f) => f.lang === lang).length, lang).toBeGreaterThanOrEqual(4);
    }
    for (const source of [/Exchange/, /Gmail/, /iCloud/]) {
      expect(
        autos.some((f) => source.test(f.source)),
        String(source),
      ).toBe(true);
    }
    expect(autos.filter((f) => f.returnDate).length).toBeGreaterThanOrEqual(10);
    expect(autos.filter((f) => !f.returnDate).length).toBeGreaterThanOrEqual(5);
    const bounces = byKind("bounce");
    expect(bounces.length).toBeGreaterThanOrEqual(5);
    for (const source of [/Postfix/, /Office 365|Exchange/, /Gmail plain-text/, /Exim/, /Sendmail/]) {
      expect(
        bounces.some((f) => source.test(f.source)),
        String(source),
      ).toBe(true);
    }
    expect(bounces.some((f) => f.bounce?.transient)).toBe(true);
    expect(byKind("reply").length).toBeGreaterThanOrEqual(5);
  });

  for (const f of manifest.fixtures) {
    const expected =
      f.kind === "bounce"
        ? `a ${f.bounce?.transient ? "transient" : "permanent"} bounce for ${f.bounce?.recipient}`
        : f.kind === "auto_reply"
          ? `an automatic reply${f.returnDate ? ` away until ${f.returnDate}` : " without a return date"}`
          : "a person's reply";
    it(`${f.file} is ${expected}`, async () => {
      await expectClassified(f, read(f));
    });
  }

  it("reads every fixture the same with CRLF line endings (as relays post them)", async () => {
    for (const f of manifest.fixtures) await expectClassified(f, crlf(read(f)));
  });
});

describe("classification rules", () => {
  const message = (headers: string, body = "Hello,\n\nthanks for the reminder.\n") =>
    Buffer.from(
      `From: Pat Doe <pat@customer.example>\nTo: reply+x@in.recoup.example\nDate: Mon, 23 Nov 2026 09:00:00 +0000\nMessage-ID: <m1@customer.example>\n${headers}\n\n${body}`,
    );
  const now = new Date("2026-11-23T10:00:00Z");
  const kind = async (headers: string, body?: string) =>
    (await parseInbound(message(headers, body), [], now)).kind;

  it("does not take X-Auto-Response-Suppress alone as a sign of an automatic reply", async () => {
    expect(await kind("Subject: Re: Invoice INV-1\nX-Auto-Response-Suppress: All")).toBe("reply");
    expect(await kind("Subject: Re: Invoice INV-1\nX-Auto-Response-Suppress: OOF, AutoReply")).toBe("reply");
  });

  it("reads a bare 'Auto' or 'OOO' in a subject only with its colon", async () => {
    expect(await kind("Subject: Auto loan payment for INV-1")).toBe("reply");
    expect(await kind("Subject: OOO until Friday")).toBe("reply");
    expect(await kind("Subject: Auto: Invoice INV-1")).toBe("auto_reply");
    expect(await kind("Subject: OOO: Invoice INV-1")).toBe("auto_reply");
  });

  it("takes Auto-Submitted: no as a person's message", async () => {
    expect(await kind("Subject: Re: Invoice INV-1\nAuto-Submitted: no")).toBe("reply");
  });

  it("takes Precedence: bulk alone as no automatic reply (lists and newsletters use it)", async () => {
    expect(await kind("Subject: Re: Invoice INV-1\nPrecedence: bulk")).toBe("reply");
  });

  it("checks for a bounce before an automatic reply (bounces carry Auto-Submitted too)", async () => {
    const headers =
      "Subject: Mail delivery failed: returning message to sender\nAuto-Submitted: auto-replied\nReturn-Path: <>\nX-Failed-Recipients: pat@customer.example";
    const body =
      "A message that you sent could not be delivered.\n\n  pat@customer.example\n    550 5.1.1 User unknown\n";
    const mail = await parseInbound(message(headers, body), [], now);
    expect(mail.kind).toBe("bounce");
    expect(mail.bounce).toMatchObject({
      recipient: "pat@customer.example",
      status: "5.1.1",
      transient: false,
    });
    expect(mail.returnDate).toBeNull();
  });

  it("takes mail from a MAILER-DAEMON without a domain as a bounce", async () => {
    const raw = Buffer.from(
      "From: Mail Delivery Subsystem <MAILER-DAEMON>\nTo: reply+x@in.recoup.example\nSubject: Returned mail: see transcript for details\nDate: Mon, 23 Nov 2026 09:00:00 +0000\n\n----- The following addresses had permanent fatal errors -----\n<pat@customer.example>\n    (reason: 550 User unknown)\n",
    );
    expect((await parseInbound(raw, [], now)).kind).toBe("bounce");
  });

  it("takes a success report (Action: delivered, 2.0.0) as no failure", async () => {
    const raw = Buffer.from(
      'From: MAILER-DAEMON@mx.customer.example (Mail Delivery System)\nTo: reply+x@in.recoup.example\nSubject: Successful Mail Delivery Report\nDate: Mon, 23 Nov 2026 09:00:00 +0000\nMIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: text/plain\n\nYour message was successfully delivered.\n\n--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.customer.example\n\nFinal-Recipient: rfc822; pat@customer.example\nAction: delivered\nStatus: 2.0.0\n\n--b--\n',
    );
    const mail = await parseInbound(raw, [], now);
    expect(mail.kind).toBe("bounce");
    expect(mail.bounce).toMatchObject({
      recipient: "pat@customer.example",
      status: "2.0.0",
      transient: true,
    });
  });
});

describe("namedReturnDate", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it.each([
    ["I am out of the office and back on Monday 7 December.", "2026-12-07"],
    ["I'm returning January 5th.", "2027-01-05"],
    ["I am on leave from 20 November to 4 December 2026.", "2026-12-04"],
    ["I am away until 2026-12-04. Phone +49 30 1234 5678, office hours 9:00-17:00.", "2026-12-04"],
    ["I will be back on 12/04.", "2026-12-04"],
    ["I will be back on 04/12/2026.", "2026-12-04"],
    ["Ich bin bis 4.12. nicht im Büro.", "2026-12-04"],
    ["Ich bin bis zum 4.12. nicht erreichbar.", "2026-12-04"],
    ["Ich bin vom 20.11. bis 04.12. nicht im Haus. Tel. 089 123456-0.", "2026-12-04"],
    ["Ich bin ab dem 7. Dezember wieder im Büro.", "2026-12-07"],
    ["Ich bin bis einschließlich 4. Dezember 2026 abwesend.", "2026-12-04"],
    ["Je suis absent jusqu'au 4 décembre inclus.", "2026-12-04"],
    ["Je serai de retour le lundi 7 décembre.", "2026-12-07"],
    ["Je suis en congés du 23/11 au 04/12.", "2026-12-04"],
    ["Estaré fuera de la oficina hasta el 4 de diciembre.", "2026-12-04"],
    ["Volveré el lunes 7 de diciembre.", "2026-12-07"],
    ["Estaré ausente del 23/11 al 04/12.", "2026-12-04"],
    ["I am currently out of the office with limited access to email.", null],
    ["I'm out of the office Friday.", null],
    ["Gemäß Ziffer 3.2. der AGB bitte ich um Geduld.", null],
    ["The invoice was due on 9 November 2026.", null],
    ["Sent: Monday, November 23, 2026 9:00 AM", null],
  ])("%s → %s", (text, expected) => {
    expect(namedReturnDate(text, now)).toBe(expected);
  });
});
