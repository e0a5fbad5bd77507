import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { apiPaths } from "@recoup/contracts";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { registerCompression } from "./internals.ts";
import { appForFile, type CallResult, createCompany, injectCaller } from "./kit/index.ts";

/** A built web app as the build leaves it: each text file with its .br and .gz beside it. */
const ASSET = "assets/index-AbC123.js";
const assetJs = `export const app = ${JSON.stringify("light ".repeat(2000))};\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="/${ASSET}"></script></head><body>${"<div></div>".repeat(200)}</body></html>`;

function writeBuilt(dir: string, file: string, text: string) {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  writeFileSync(`${full}.br`, brotliCompressSync(text));
  writeFileSync(`${full}.gz`, gzipSync(text));
}

/** The body as the client reads it once it has undone the Content-Encoding it was sent. */
function decoded(res: CallResult): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.raw);
  if (encoding === "gzip") return gunzipSync(res.raw);
  expect(encoding).toBeUndefined();
  return res.raw;
}

const varies = (res: CallResult) =>
  String(res.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes("accept-encoding");

/** What each Accept-Encoding gets: brotli first, then gzip, else the bytes as they are. */
const negotiations = [
  { accept: "gzip, deflate, br, zstd", encoding: "br" },
  { accept: "br", encoding: "br" },
  { accept: "gzip, deflate", encoding: "gzip" },
  { accept: "identity", encoding: undefined },
  { accept: undefined, encoding: undefined },
] as const;

let distDir: string;
const t = appForFile(() => {
  distDir = mkdtempSync(path.join(tmpdir(), "recoup-web-"));
  writeBuilt(distDir, "index.html", indexHtml);
  writeBuilt(distDir, ASSET, assetJs);
  return { WEB_DIST_DIR: distDir };
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const get = (url: string, accept?: string, token?: string) =>
  t.call("GET", url, {
    ...(token ? { token } : {}),
    headers: accept !== undefined ? { "accept-encoding": accept } : {},
  });

describe("the web app's files, compressed at build time", () => {
  it.each(negotiations)("a hashed asset for Accept-Encoding $accept is sent as $encoding", async (n) => {
    const res = await get(`/${ASSET}`, n.accept);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(n.encoding);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(varies(res)).toBe(true);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(res).toString()).toBe(assetJs);
  });

  it("sends the precompressed file as it is, not compressed again", async () => {
    const res = await get(`/${ASSET}`, "br");
    expect(res.raw.equals(brotliCompressSync(assetJs))).toBe(true);
  });

  it.each(negotiations)(
    "index.html (a page's URL) for Accept-Encoding $accept is sent as $encoding",
    async (n) => {
      const res = await get("/login", n.accept);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(n.encoding);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(varies(res)).toBe(true);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(decoded(res).toString()).toBe(indexHtml);
    },
  );
});

describe("responses built per request", () => {
  it.each(negotiations)("API JSON for Accept-Encoding $accept is sent as $encoding", async (n) => {
    const plain = await get("/openapi.json");
    const res = await get("/openapi.json", n.accept);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(n.encoding);
    if (n.encoding) expect(varies(res)).toBe(true);
    expect(decoded(res).equals(plain.raw)).toBe(true);
    expect(plain.raw.length).toBeGreaterThan(1024);
  });

  it("leaves a body under 1 KB as it is", async () => {
    const res = await get("/health/ready", "br, gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json).toEqual({ status: "ok", database: t.backend });
  });

  it("compresses a streamed reply (the aging CSV) as a stream", async () => {
    const u = await createCompany(t);
    const url = `${apiPaths.invoices.ageReportCsv}?companyId=${u.companyId}`;
    const plain = await get(url, undefined, u.token);
    expect(plain.status).toBe(200);
    for (const encoding of ["br", "gzip"] as const) {
      const res = await get(url, encoding, u.token);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-length"]).toBeUndefined();
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(decoded(res).equals(plain.raw)).toBe(true);
    }
  });
});

describe("what is never compressed", () => {
  it("leaves server-sent events and an already encoded body alone", async () => {
    const app = Fastify();
    await registerCompression(app);
    const events = "data: tick\n\n".repeat(500);
    app.get("/events", (_request, reply) => reply.type("text/event-stream").send(events));
    const gzipped = gzipSync("x".repeat(5000));
    app.get("/encoded", (_request, reply) =>
      reply.type("text/plain").header("content-encoding", "gzip").send(gzipped),
    );
    const call = injectCaller(app);
    const sse = await call("GET", "/events", { headers: { "accept-encoding": "br, gzip" } });
    expect(sse.headers["content-encoding"]).toBeUndefined();
    expect(sse.text).toBe(events);
    const encoded = await call("GET", "/encoded", { headers: { "accept-encoding": "br" } });
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(encoded.raw.equals(gzipped)).toBe(true);
    await app.close();
  });
});
