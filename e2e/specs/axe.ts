/**
 * axe-core in the page: injected as a script (no network), run over the whole document. The
 * experimental label-content-name-mismatch rule is turned on too: a control's accessible name must
 * contain its visible text, so people who speak what they see can reach it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";

import { appUrl } from "../browser.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/** Runs axe on the page and answers its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the injected global.
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      rules: { "label-content-name-mismatch": { enabled: true } },
      resultTypes: ["violations"],
    });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result shape.
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: axe's node shape.
      nodes: v.nodes.map((n: any) => ({ target: n.target, summary: n.failureSummary })),
    }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** One line per violation and node, for a readable failure. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.summary}`),
  );
}

/**
 * A fresh context for axe: the app's CSP (script-src 'self') would refuse the injected script, so
 * only these contexts bypass it; every other spec runs under the real policy.
 */
export async function axeContext(browser: Browser, colorScheme: "light" | "dark", width = 1280) {
  const context = await browser.newContext({
    baseURL: appUrl(),
    colorScheme,
    viewport: { width, height: 860 },
    bypassCSP: true,
  });
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}
