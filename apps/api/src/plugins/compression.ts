import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Compresses what the server builds per request (API JSON, index.html's fallback, streamed CSV):
 * brotli or gzip as the client's Accept-Encoding allows, above 1 KB, adding `Vary: Accept-Encoding`.
 * A reply that already carries a Content-Encoding (the web app's assets, compressed at build
 * time and served by plugins/web.ts) passes through untouched; text/event-stream is never
 * compressed (a compressor would hold the events back). Registered before every route, since
 * it hooks the routes declared after it.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    // Request bodies stay as they are today: nothing the API accepts is sent compressed.
    globalDecompression: false,
  });
}
