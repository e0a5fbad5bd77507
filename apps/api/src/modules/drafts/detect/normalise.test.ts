import { describe, expect, it } from "vitest";
import { normalise } from "./normalise.ts";

/** Each text, and what the guard reads it as. */
const READS: Record<string, [string, string][]> = {
  "folds full-width, circled and mathematical forms, and drops invisible characters": [
    ["ｈｔｔｐｓ：／／evil．example／pay", "https://evil.example/pay"],
    ["ⓔⓥⓘⓛ.com and 𝐞𝐯𝐢𝐥.com, call 𝟓𝟓𝟓", "evil.com and evil.com, call 555"],
    ["ev\u200Bil\u00AD.\u2060com\uFEFF", "evil.com"],
  ],
  "decodes entities and escapes a browser or a model would": [
    ["&#104;ttps&colon;&sol;&sol;evil&period;com", "https://evil.com"],
    ["https%3A%2F%2Fevil.com and \\u0065vil\\x2ecom", "https://evil.com and evil.com"],
    ["R&amp;D costs 50%", "R&D costs 50%"],
  ],
  "reads defanged links as links, and leaves prose alone": [
    ["hxxps[:]//evil[.]example[/]pay", "https://evil.example/pay"],
    [
      "evil(.)com, evil[dot]com, evil dot com, evil . com, evil\\.com, evil。com, paypal dot me/x",
      "evil.com, evil.com, evil.com, evil.com, evil.com, evil.com, paypal.me/x",
    ],
    ["billing [at] evil [dot] com", "billing@evil.com"],
    ["Put a dot on the form. Pay. It is due.", "Put a dot on the form. Pay. It is due."],
  ],
  "joins letters spaced out one by one, words two spaces apart": [
    ["pay at e v i l . c o m today", "pay at evil.com today"],
    ["You n e e d  t o  p a y nothing. Call 5 5 5 0 1 0 9.", "You need to pay nothing. Call 5550109."],
    ["Plan A or B, 2 reminders, a 7-day window", "Plan A or B, 2 reminders, a 7-day window"],
  ],
  "reads look-alike letters as Latin among Latin words, not in Russian": [
    ["Pay at аcmе.com: you nееd tо рау", "Pay at acme.com: you need to pay"],
    ["Считайте этот вопрос закрытым, как и все.", "Считайте этот вопрос закрытым, как и все."],
    ["Сумма: пятьдесят евро. Thanks", "Сумма: пятьдесят евро. Thanks"],
  ],
  "keeps the figures the guard reads as they were": [
    [
      "Invoice №1042 for 1.250,00 € was due on 1º de marzo de 2026 (3/31/2026), 14 days ago.",
      "Invoice No1042 for 1.250,00 € was due on 1° de marzo de 2026 (3/31/2026), 14 days ago.",
    ],
  ],
};

describe("normalise", () => {
  for (const [behaviour, cases] of Object.entries(READS)) {
    it(behaviour, () => {
      for (const [text, read] of cases) expect(normalise(text).text, text).toBe(read);
    });
  }

  it("marks where look-alikes were read as Latin letters", () => {
    const { text, unmapped } = normalise("Pay at аcmе.com");
    expect(unmapped).toHaveLength(text.length);
    expect(text.slice(7)).toBe("acme.com");
    expect(unmapped.slice(7)).not.toBe("acme.com");
  });
});
