import { templateVariableNames } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { insertAt, templateVariables } from "@/features/email-templates/utils/variables";

describe("template variables", () => {
  it("lists the six placeholders of the spec, the customer page's link and the invoices' table, each described", () => {
    expect(templateVariables.map((v) => v.name)).toEqual([
      "{customer_name}",
      "{invoice_number}",
      "{invoice_amount}",
      "{due_date}",
      "{company_name}",
      "{days_overdue}",
      "{payment_link}",
      "{invoice_table}",
    ]);
    expect(templateVariables.map((v) => v.name)).toEqual([...templateVariableNames]);
    for (const v of templateVariables) expect(v.description.length).toBeGreaterThan(5);
  });
});

describe("insertAt (the subject's cursor)", () => {
  it("inserts at the cursor", () => {
    expect(insertAt("Invoice  is due", "{invoice_number}", 8, 8)).toEqual({
      value: "Invoice {invoice_number} is due",
      cursor: 24,
    });
  });

  it("replaces the selection", () => {
    expect(insertAt("Hello NAME,", "{customer_name}", 6, 10)).toEqual({
      value: "Hello {customer_name},",
      cursor: 21,
    });
  });

  it("appends when the cursor is unknown or past the end", () => {
    expect(insertAt("Due", " {due_date}", null, null)).toEqual({ value: "Due {due_date}", cursor: 14 });
    expect(insertAt("Due", "!", 99, 120)).toEqual({ value: "Due!", cursor: 4 });
  });
});
