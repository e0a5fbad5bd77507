import { errorCodes } from "@recoup/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors.ts";

/** The fields an upload route's form may carry: text fields, and fields that may be a file. */
export interface FormSpec {
  fields: readonly string[];
  files: readonly string[];
  /** Largest file, in bytes (the multipart plugin's `fileSize` limit), for the message. */
  maxFileBytes: number;
}

export interface FormValues {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const list = (names: readonly string[]) => names.join(", ");

/**
 * What a broken multipart body answers: the multipart plugin's limits, and busboy's parse errors
 * (which carry no status and used to answer 500), as a 400 saying what is wrong, or a 413 for a
 * file over the limit.
 */
function formError(error: unknown, spec: FormSpec): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? "";
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new AppError(
      413,
      errorCodes.payloadTooLarge,
      `A file is too large: at most ${megabytes(spec.maxFileBytes)}.`,
    );
  if (code === "FST_FILES_LIMIT")
    return badRequest(`Too many files: send at most one each of ${list(spec.files)}.`);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
    return badRequest(`Too many fields: the form takes ${list([...spec.fields, ...spec.files])}.`);
  if (/boundary not found/i.test(text))
    return badRequest(
      "The multipart body has no boundary: send Content-Type: multipart/form-data; boundary=….",
    );
  if (/unexpected end of (form|multipart)/i.test(text) || code === "FST_MP_PREMATURE_CLOSE")
    return badRequest("The multipart body ends before its closing boundary: it was cut short.");
  if (/malformed part header/i.test(text))
    return badRequest("A part of the multipart body has a malformed header.");
  return badRequest(`The multipart body cannot be read${text ? `: ${text}` : ""}.`);
}

/**
 * Reads an upload route's multipart form: each named field once, as text or (for the file fields)
 * as a file. Anything else (not multipart, no boundary, cut short, a field it does not take, a
 * field twice, too many parts) answers 400 naming the problem; a file over the limit answers 413.
 * Either way the connection closes after the answer.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: FormSpec,
): Promise<FormValues> {
  if (!request.isMultipart()) throw badRequest("Send the form as multipart/form-data.");
  const values: FormValues = { fields: {}, files: {} };
  const seen = new Set<string>();
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const isFile = part.type === "file";
      if (!(isFile ? spec.files : [...spec.fields, ...spec.files]).includes(name)) {
        const what = isFile ? `file field ${name}` : `field ${name}`;
        const takes = isFile ? list(spec.files) : list([...spec.fields, ...spec.files]);
        throw badRequest(`Unexpected ${what}: the form takes ${takes}.`);
      }
      if (seen.has(name)) throw badRequest(`The field ${name} is sent twice.`);
      seen.add(name);
      if (isFile) {
        const data = await part.toBuffer();
        values.files[name] = data;
      } else {
        if (part.valueTruncated)
          throw new AppError(413, errorCodes.payloadTooLarge, `The field ${name} is too large.`);
        values.fields[name] = String(part.value);
      }
    }
  } catch (error) {
    // The rest of the body stays unread (the parser waits on a file nobody reads): the connection
    // cannot carry another request, so it closes with this answer. Kept open, the next request
    // on it got no answer at all.
    reply.header("connection", "close");
    throw formError(error, spec);
  }
  return values;
}
