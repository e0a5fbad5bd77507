import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app; any other GET that is not an API path gets index.html (history
 * fallback). The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts):
 * `preCompressed` sends the one the client accepts, with `Vary: Accept-Encoding`, and the file
 * itself to a client that accepts neither.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web app not built: run `npm run build`");
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Hashed assets never change; everything else (index.html above all) is checked on every
    // use, so a new release is picked up at once.
    setHeaders(reply, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  const apiPrefixes = ["/v1/", "/health/", "/docs", "/openapi.json", "/metrics"];
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (apiPrefixes.some((p) => url.startsWith(p))) {
      return reply.callNotFound();
    }
    const file = url.slice(1);
    if (file && !file.endsWith("/") && existsSync(path.join(distDir, file)) && !file.includes("..")) {
      return reply.sendFile(file);
    }
    // A customer page's address carries its link: not indexed, not passed on as a referrer.
    if (url.startsWith("/pay/")) {
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("referrer-policy", "no-referrer");
    }
    return reply.sendFile("index.html");
  });
}
