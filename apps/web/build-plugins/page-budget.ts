import type { Plugin, Rolldown } from "vite";

import { brotliBytes } from "./precompress.ts";

export interface PageBudget {
  /** The URL, for the message. */
  page: string;
  /** The module its route loads lazily (router.tsx), relative to the web app. */
  module: string;
  /** The most JavaScript the page may load, in bytes over the wire (brotli, as precompressed). */
  maxBytes?: number;
}

/** The chunks a page loads: the entry, the page's own chunk, and what either imports. */
function chunksOf(bundle: Rolldown.OutputBundle, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop()!;
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== "chunk") continue;
    seen.add(name);
    stack.push(...chunk.imports);
  }
  return [...seen];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Fails the build when a page's first load needs more JavaScript than its budget: the entry
 * chunk, the page's lazy chunk and every chunk either imports, brotli-compressed as the server
 * sends them. Runs on the written bundle, so the figures are those of the files served.
 */
export function pageBudget(budgets: PageBudget[]): Plugin {
  return {
    name: "recoup:page-budget",
    apply: "build",
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const entry = chunks.find((c) => c.isEntry);
      for (const budget of budgets) {
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(budget.module));
        if (!entry || !page) {
          throw new Error(`page budget: no chunk loads ${budget.module} (${budget.page})`);
        }
        const files = chunksOf(bundle, [entry.fileName, page.fileName]);
        let raw = 0;
        let brotli = 0;
        for (const file of files) {
          const code = (bundle[file] as { code: string }).code;
          raw += Buffer.byteLength(code);
          brotli += (await brotliBytes(code)).length;
        }
        const limit = budget.maxBytes === undefined ? "" : ` (budget ${kB(budget.maxBytes)})`;
        this.info(
          `${budget.page}: ${kB(brotli)} of JavaScript brotli, ${kB(raw)} raw, ${files.length} files${limit}`,
        );
        if (budget.maxBytes !== undefined && brotli > budget.maxBytes) {
          throw new Error(
            `page budget: ${budget.page} loads ${kB(brotli)} of JavaScript (brotli), over its ${kB(budget.maxBytes)}. ` +
              "Keep what only other pages need out of its chunks (lazy imports, router.tsx).",
          );
        }
      }
    },
  };
}
