/** The customer's out-of-office auto-reply, in each language. */
import { describe, expect, it } from "vitest";
import { addresses, delivered, post, sendReminder, useInboundSandboxes } from "./inbound-helpers.ts";

useInboundSandboxes();

describe("out of office", () => {
  const cases = [
    {
      language: "en",
      subject: "Automatic reply: Invoice 1042 is due",
      date: "I am out of the office and will be back on Wednesday, December 2, 2026.",
    },
    {
      language: "de",
      subject: "Abwesenheitsnotiz: Invoice 1042 is due",
      date: "ab Mittwoch, dem 2. Dezember 2026 wieder erreichbar",
    },
    {
      language: "fr",
      subject: "Réponse automatique : Invoice 1042 is due",
      date: "serai de retour le mercredi 2 décembre 2026.",
    },
    {
      language: "es",
      subject: "Respuesta automática: Invoice 1042 is due",
      date: "estaré de vuelta el miércoles 2 de diciembre de 2026.",
    },
  ] as const;

  for (const { language, subject, date } of cases) {
    it(`posts an RFC 3834 auto-reply naming the return date (${language})`, async () => {
      const original = await sendReminder();
      const res = await post(`/api/messages/${original.id}/out-of-office`, {
        returnDate: "2026-12-02",
        language,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: "out-of-office", status: 204 });

      const { request, mail } = await delivered();
      expect(request.headers["x-original-to"]).toBe("reply+tok1042@in.acme.test");
      expect(mail.subject).toBe(subject);
      expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
      expect(mail.headers.get("x-autoreply")).toBe("yes");
      expect(mail.headers.get("precedence")).toBe("auto_reply");
      expect(mail.headers.get("content-language")).toBe(language);
      expect(mail.inReplyTo).toBe("<rem-1042@acme.test>");
      expect(mail.references).toEqual(["<thread-root@acme.test>", "<rem-1042@acme.test>"]);
      expect(addresses(mail.to)).toEqual(["reply+tok1042@in.acme.test"]);
      expect(mail.from?.value[0]?.address).toBe("ada@example.com");
      expect(mail.text).toContain(date);
      expect(mail.text).toMatch(/Ada Lovelace\n$/);
    });
  }

  it("names no date without a returnDate, and speaks English by default", async () => {
    const original = await sendReminder();
    const res = await post(`/api/messages/${original.id}/out-of-office`);
    expect(res.status).toBe(200);
    const { mail } = await delivered();
    expect(mail.subject).toBe("Automatic reply: Invoice 1042 is due");
    expect(mail.text).toContain("I am out of the office with limited access to email.");
    expect(mail.text).not.toMatch(/\d/);
  });

  it("writes 1er for the first of the month in French", async () => {
    const original = await sendReminder();
    await post(`/api/messages/${original.id}/out-of-office`, { returnDate: "2027-01-01", language: "fr" });
    const { mail } = await delivered();
    expect(mail.text).toContain("le vendredi 1er janvier 2027.");
  });
});
