import { describe, expect, it } from "vitest";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import { defaultTemplates } from "./default-templates.ts";
import { type ReminderEmailInput, renderReminder } from "./render.ts";

const LOGO =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const input = (overrides: {
  template?: Partial<ReminderEmailInput["template"]>;
  invoice?: Partial<ReminderEmailInput["invoice"]>;
  company?: Partial<ReminderEmailInput["company"]>;
}): ReminderEmailInput => ({
  template: { ...defaultTemplates.after_due_date, ...overrides.template },
  invoice: {
    customerName: "Acme Supplies",
    number: "1042",
    amountCents: 123_456,
    currency: "USD",
    dueDate: "2025-06-12",
    daysOverdue: 8,
    ...overrides.invoice,
  },
  company: {
    name: "Northwind Plumbing",
    locale: "en-US",
    signature: '<p>Jane Doe<br>Accounts, <a href="https://northwind.example">northwind.example</a></p>',
    logoSrc: LOGO,
    ...overrides.company,
  },
});

const allSix = {
  subject: "{customer_name}|{invoice_number}|{invoice_amount}|{due_date}|{company_name}|{days_overdue}",
  content:
    "<p>{customer_name}|{invoice_number}|{invoice_amount}|{due_date}|{company_name}|{days_overdue}</p>",
};

describe("renderReminder", () => {
  it("fills every variable in the subject, the HTML and the text", () => {
    const email = renderReminder(input({ template: allSix }));
    const filled = "Acme Supplies|1042|$1,234.56|June 12, 2025|Northwind Plumbing|8";
    expect(email.subject).toBe(filled);
    expect(email.html).toContain(`<p>${filled}</p>`);
    expect(email.text).toContain(filled);
    expect(`${email.subject}${email.html}${email.text}`).not.toMatch(/\{[a-z_]+\}/);
  });

  it("fills the default templates, as sent", () => {
    const email = renderReminder(input({}));
    expect(email.subject).toBe("Invoice 1042 is 8 days overdue");
    expect(email.text.replace(/\s+/g, " ")).toContain(
      "invoice 1042 for $1,234.56, due on June 12, 2025, is now 8 days overdue.",
    );
  });

  it("says '1 day overdue' on the first day, and 'days' after", () => {
    const first = renderReminder(input({ invoice: { daysOverdue: 1 } }));
    expect(first.subject).toBe("Invoice 1042 is 1 day overdue");
    expect(first.text.replace(/\s+/g, " ")).toContain("is now 1 day overdue.");
    expect(renderReminder(input({ invoice: { daysOverdue: 2 } })).subject).toBe(
      "Invoice 1042 is 2 days overdue",
    );
    // Only the words right after the variable change.
    const other = renderReminder(
      input({ invoice: { daysOverdue: 1 }, template: { subject: "{days_overdue} days; 30 days terms" } }),
    );
    expect(other.subject).toBe("1 day; 30 days terms");
  });

  it("sets the body in a sans-serif face (mail clients fall back to serif)", () => {
    const email = renderReminder(input({}));
    expect(email.html).toMatch(/<body style="font-family:[^"]*sans-serif/);
  });

  it("escapes values in the HTML and keeps them as they are in the subject and text", () => {
    const name = `<script>alert("x")</script> & 'Co'`;
    const email = renderReminder(input({ template: allSix, invoice: { customerName: name } }));
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;|1042");
    expect(email.html).not.toContain("<script");
    expect(email.subject.startsWith(`${name}|`)).toBe(true);
    expect(email.text).toContain(name);
  });

  it("replaces in one pass: a value that looks like a placeholder stays as it is", () => {
    const email = renderReminder(input({ template: allSix, invoice: { customerName: "{company_name}" } }));
    expect(email.subject.startsWith("{company_name}|1042")).toBe(true);
  });

  it("leaves unknown and differently written tokens untouched", () => {
    const template = {
      subject: "{unknown} {Customer_Name} { due_date }",
      content: "<p>{invoice_total} {customer_name}</p>",
    };
    const email = renderReminder(input({ template }));
    expect(email.subject).toBe("{unknown} {Customer_Name} { due_date }");
    expect(email.html).toContain("<p>{invoice_total} Acme Supplies</p>");
  });

  it.each([
    ["USD", "en-US", 123_456, "$1,234.56"],
    ["EUR", "de-DE", 123_456, "1.234,56\u00a0€"],
    ["EUR", "en-IE", 99, "€0.99"],
    ["JPY", "en-US", 500_000, "¥5,000"],
    ["JPY", "ja-JP", 1_234_500, "￥12,345"],
    ["GBP", "en-GB", 1_000_000, "£10,000.00"],
  ])("formats %s in %s: %d → %s", (currency, locale, amountCents, shown) => {
    const email = renderReminder(
      input({
        template: { subject: "{invoice_amount}" },
        invoice: { currency, amountCents },
        company: { locale },
      }),
    );
    expect(email.subject).toBe(shown);
  });

  it.each([
    ["en-US", "June 12, 2025"],
    ["en-GB", "12 June 2025"],
    ["de-DE", "12. Juni 2025"],
    ["fr-FR", "12 juin 2025"],
  ])("writes the due date in the company's locale, %s: %s", (locale, shown) => {
    expect(renderReminder(input({ template: { subject: "{due_date}" }, company: { locale } })).subject).toBe(
      shown,
    );
  });

  it("puts the logo at the top and the signature at the end", () => {
    const { html, text } = renderReminder(input({}));
    const logo = html.indexOf(`<img src="${LOGO}" alt="Northwind Plumbing"`);
    const body = html.indexOf("<p>Hi Acme Supplies,</p>");
    const signature = html.indexOf("<p>Jane Doe<br />Accounts");
    expect(logo).toBeGreaterThan(0);
    expect(body).toBeGreaterThan(logo);
    expect(signature).toBeGreaterThan(body);
    expect(html.indexOf("</body>")).toBeGreaterThan(signature);
    expect(text.trimEnd().endsWith("Jane Doe\nAccounts, northwind.example [https://northwind.example]")).toBe(
      true,
    );
    expect(text).not.toContain("base64");
  });

  it("takes a cid: logo, none at all, and refuses any other address", () => {
    expect(renderReminder(input({ company: { logoSrc: "cid:logo@recoup" } })).html).toContain(
      '<img src="cid:logo@recoup"',
    );
    expect(renderReminder(input({ company: { logoSrc: null } })).html).not.toContain("<img");
    for (const logoSrc of ["https://evil.example/x.png", 'cid:x" onerror="alert(1)', "javascript:alert(1)"])
      expect(() => renderReminder(input({ company: { logoSrc } }))).toThrow(/logo/);
  });

  it("sanitises the template and the signature again before sending", () => {
    const email = renderReminder(
      input({
        template: {
          content:
            '<p onclick="steal()">Hi {customer_name}</p><script>steal()</script><img src="x" onerror="y">',
        },
        company: {
          signature: '<p>Jane</p><iframe src="https://evil.example"></iframe><a href="javascript:x()">x</a>',
        },
      }),
    );
    expect(email.html).toContain("<p>Hi Acme Supplies</p>");
    expect(email.html).not.toMatch(/script|onclick|onerror|iframe|javascript:/);
  });

  it("keeps the subject on one line whatever the values hold", () => {
    const email = renderReminder(
      input({
        template: { subject: "Invoice {invoice_number}" },
        invoice: { number: "1042\r\nBcc: all@example.com" },
      }),
    );
    expect(email.subject).toBe("Invoice 1042 Bcc: all@example.com");
  });

  it("derives a plain-text part that reads as the HTML does", () => {
    const content =
      '<p>Hi {customer_name},</p><ul><li>one</li><li>two</li></ul><p>Pay <a href="https://pay.example/1042">here</a>.</p>';
    const { text } = renderReminder(input({ template: { content }, company: { signature: "" } }));
    expect(text).toBe("Hi Acme Supplies,\n\n * one\n * two\n\nPay here [https://pay.example/1042].");
  });
});

describe("{invoice_table}", () => {
  const row = (number: string, currency: string, balanceCents: number, daysOverdue: number) => ({
    number,
    dueDate: "2025-06-01",
    totalCents: balanceCents * 2,
    balanceCents,
    currency,
    daysOverdue,
  });

  it("lists the one invoice of a single reminder, its total and balance", () => {
    const email = renderReminder(
      input({
        template: { subject: "{invoice_table}", content: "<p>Open:</p>{invoice_table}" },
        invoice: { totalCents: 246_912 },
      }),
    );
    expect(email.subject).toBe("1042");
    expect(email.html).toContain("<table");
    expect(email.html).toContain(">1042</td>");
    expect(email.html).toContain("$2,469.12");
    expect(email.html).toContain("$1,234.56");
    expect(email.html).toContain("Total USD");
  });

  it("lists a combined reminder's invoices with totals per currency, after the body when the template has none", () => {
    const invoices = [row("7", "USD", 10_000, 30), row("8", "EUR", 20_000, 12), row("9", "USD", 5_000, 3)];
    const email = renderReminder({ ...input({}), invoices });
    expect(email.subject).toBe("Invoice 7, 8, 9 is 8 days overdue");
    expect(email.html).toContain("$150.00 + €200.00");
    expect(email.html.indexOf("<table")).toBeGreaterThan(email.html.indexOf("Please arrange payment"));
    for (const [currency, total] of [
      ["USD", "$150.00"],
      ["EUR", "€200.00"],
    ] as const)
      expect(email.html).toMatch(new RegExp(`Total ${currency}</th>.*?${total.replace("$", "\\$")}`));
    expect(email.text).toContain("Total EUR");
  });
});

describe("the thread's copy", () => {
  const invoices = [
    {
      number: "7<b>",
      dueDate: "2025-06-01",
      totalCents: 20_000,
      balanceCents: 10_000,
      currency: "USD",
      daysOverdue: 30,
    },
    {
      number: "8",
      dueDate: "2025-06-09",
      totalCents: 40_000,
      balanceCents: 20_000,
      currency: "EUR",
      daysOverdue: 12,
    },
  ];
  const cases: [string, ReminderEmailInput][] = [
    ...Object.entries(defaultTemplates).map(([type, template]): [string, ReminderEmailInput] => [
      type,
      input({ template, company: { logoSrc: "cid:company-logo@recoup" } }),
    ]),
    ["no logo, no signature", input({ company: { logoSrc: null, signature: "" } })],
    [
      "a combined reminder, in German, values to escape",
      {
        ...input({
          invoice: { customerName: "O'Brien & Sons <Ltd>" },
          company: { locale: "de-DE", logoSrc: "cid:company-logo@recoup" },
        }),
        invoices,
      },
    ],
    [
      "the table inside a paragraph, the link without a button",
      input({
        template: {
          content: '<p>{invoice_table}</p><p><a href="{payment_link}">here</a> {customer_name}</p>',
        },
        invoice: { customerName: 'The "Best" Co' },
        company: { logoSrc: null },
      }),
    ],
  ];

  it.each(cases)("is what sanitising the email leaves (%s)", (_, email) => {
    const rendered = renderReminder({ ...email, paymentLink: "https://recoup.example/c/abc?x=1&y=2" });
    expect(rendered.threadHtml).toBeDefined();
    expect(sanitizeUserHtml(rendered.threadHtml!)).toBe(sanitizeUserHtml(rendered.html));
    expect(rendered.threadHtml).not.toContain("style=");
  });

  // Its own fixed point, so the sanitising on the way into the thread is one pass, not two.
  it("is already clean when no value has a quote and no table is inside a paragraph", () => {
    for (const [, email] of cases.slice(0, -1)) {
      const { threadHtml } = renderReminder({ ...email, paymentLink: "https://recoup.example/c/abc" });
      expect(sanitizeUserHtml(threadHtml!)).toBe(threadHtml);
    }
  });

  it("is left to the sanitising when the logo is a data URL (a preview's)", () => {
    expect(renderReminder(input({})).threadHtml).toBeUndefined();
  });
});
