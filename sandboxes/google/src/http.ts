import type { IncomingMessage } from "node:http";
import { readBody } from "@recoup/sandbox-http";

export { sendHtml, sendText } from "@recoup/sandbox-http";

const MAX_FORM_BYTES = 64 * 1024;

/** Reads an application/x-www-form-urlencoded body. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req, MAX_FORM_BYTES, () => new Error("form body too large")));
}
