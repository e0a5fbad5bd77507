import { describe, expect, it } from "vitest";

import { isAllowedHref, safeHref } from "@/lib/link-href";

describe("rich-text link addresses", () => {
  it.each([
    "http://example.com",
    "https://example.com/pay?invoice=1042",
    "HTTPS://EXAMPLE.COM",
    "mailto:billing@example.com",
    "sms:+15551234567",
    "tel:+1-555-123-4567",
  ])("keeps %s", (href) => {
    expect(isAllowedHref(href)).toBe(true);
    expect(safeHref(href)).toBe(href);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://files.example.com",
    "file:///etc/passwd",
    "//evil.example.com",
    "/relative/path",
    "example.com",
  ])("turns %j into a blank address", (href) => {
    expect(isAllowedHref(href)).toBe(false);
    expect(safeHref(href)).toBe("");
  });

  it("treats the blank address as allowed (it stays blank)", () => {
    expect(isAllowedHref("")).toBe(true);
    expect(isAllowedHref(null)).toBe(true);
    expect(safeHref(undefined)).toBe("");
  });
});
