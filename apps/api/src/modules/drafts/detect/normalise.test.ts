import { describe, expect, it } from "vitest";
import { normalise } from "./normalise.ts";

const read = (text: string) => normalise(text).text;

describe("normalise", () => {
  it("folds full-width, circled and mathematical forms, and drops invisible characters", () => {
    expect(read("ｈｔｔｐｓ：／／evil．example／pay")).toBe("https://evil.example/pay");
    expect(read("ⓔⓥⓘⓛ.com and 𝐞𝐯𝐢𝐥.com, call 𝟓𝟓𝟓")).toBe("evil.com and evil.com, call 555");
    expect(read("ev\u200Bil\u00AD.\u2060com\uFEFF")).toBe("evil.com");
  });

  it("decodes entities and escapes a browser or a model would", () => {
    expect(read("&#104;ttps&colon;&sol;&sol;evil&period;com")).toBe("https://evil.com");
    expect(read("https%3A%2F%2Fevil.com and \\u0065vil\\x2ecom")).toBe("https://evil.com and evil.com");
    expect(read("R&amp;D costs 50%")).toBe("R&D costs 50%");
  });

  it("reads defanged links as links", () => {
    expect(read("hxxps[:]//evil[.]example[/]pay")).toBe("https://evil.example/pay");
    expect(read("evil(.)com, evil[dot]com, evil dot com, evil . com, evil\\.com, evil。com")).toBe(
      "evil.com, evil.com, evil.com, evil.com, evil.com, evil.com",
    );
    expect(read("billing [at] evil [dot] com")).toBe("billing@evil.com");
    expect(read("Put a dot on the form. Pay. It is due.")).toBe("Put a dot on the form. Pay. It is due.");
  });

  it("joins letters spaced out one by one, words two spaces apart", () => {
    expect(read("pay at e v i l . c o m today")).toBe("pay at evil.com today");
    expect(read("You n e e d  t o  p a y nothing. Call 5 5 5 0 1 0 9.")).toBe(
      "You need to pay nothing. Call 5550109.",
    );
    expect(read("Plan A or B, 2 reminders, a 7-day window")).toBe("Plan A or B, 2 reminders, a 7-day window");
  });

  it("reads look-alike letters as Latin among Latin words, and marks where it did", () => {
    const { text, unmapped } = normalise("Pay at аcmе.com: you nееd tо рау");
    expect(text).toBe("Pay at acme.com: you need to pay");
    expect(unmapped).toHaveLength(text.length);
    expect(unmapped.slice(7, 15)).not.toBe(text.slice(7, 15));
    expect(read("Считайте этот вопрос закрытым, как и все.")).toBe(
      "Считайте этот вопрос закрытым, как и все.",
    );
    expect(read("Сумма: пятьдесят евро. Thanks")).toBe("Сумма: пятьдесят евро. Thanks");
  });

  it("keeps the figures the guard reads as they were", () => {
    const text = "Invoice №1042 for 1.250,00 € was due on 1º de marzo de 2026 (3/31/2026), 14 days ago.";
    expect(read(text)).toBe(
      "Invoice No1042 for 1.250,00 € was due on 1° de marzo de 2026 (3/31/2026), 14 days ago.",
    );
  });
});
