import { sessionTokenStore } from "@/lib/api-client";
import { createHttpClient } from "@/lib/http";

type Query = Record<string, string | number | undefined>;

/**
 * GETs a file (a CSV, a PDF) through the app's http client, so it carries the bearer token, renews
 * it on a 401 and turns error bodies into ApiErrors like any call (`auth: false` for public files:
 * no token, no refresh). The client reads answers as JSON, so the file's body is taken off the
 * response on its way in and handed back here as a Blob.
 */
export async function fetchFile(
  path: string,
  query: Query,
  opts: { auth?: boolean } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const got: { file?: { blob: Blob; filename: string | null } } = {};
  const client = createHttpClient({
    store: sessionTokenStore,
    fetch: async (input, init) => {
      const res = await window.fetch(input, init);
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok || type.includes("application/json")) return res;
      got.file = { blob: await res.blob(), filename: filenameOf(res.headers.get("content-disposition")) };
      return new Response(null, { status: 204, headers: res.headers });
    },
  });
  await client.get(path, { query, auth: opts.auth });
  if (!got.file) throw new Error("The server sent no file.");
  return got.file;
}

/** The filename of a Content-Disposition header, if it names one. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
