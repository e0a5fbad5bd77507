import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** The build's own maximum settings: each file is compressed once, here, and served many times. */
export function brotliBytes(data: Buffer | string): Promise<Buffer> {
  const input = typeof data === "string" ? Buffer.from(data) : data;
  return brotli(input, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, so the server sends them
 * as they are (@fastify/static's `preCompressed`, apps/api/src/plugins/web.ts) instead of
 * compressing each response. A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "recoup:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public/ files are written.
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const data = await readFile(file);
            const [br, gz] = await Promise.all([brotliBytes(data), gzip(data, { level: 9 })]);
            if (br.length < data.length) await writeFile(`${file}.br`, br);
            if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
