/**
 * The shape of a raw message (how many MIME parts, how deeply nested, how large a header block),
 * read from its bytes before any parser sees it. mailparser stops at 1,000 parts or a 1 MB header
 * without telling its caller (the parse then hangs or returns part of the message), so messages
 * are held to limits well inside those: this scan counts every line that can open a part, in every
 * open multipart (mailparser looks at two levels), so it never counts fewer parts than mailparser.
 */
export interface MimeLimits {
  /** Parts in all, the message itself and each embedded message included. */
  maxParts: number;
  /** Levels of multiparts and embedded messages. */
  maxDepth: number;
  /** Bytes of one part's header block. */
  maxHeaderBytes: number;
}

export const MIME_LIMITS: MimeLimits = { maxParts: 500, maxDepth: 30, maxHeaderBytes: 256 * 1024 };

export interface ShapeProblem {
  reason: "too_many_parts" | "too_deep" | "header_too_large";
  detail: string;
}

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;

/** The type and boundary of a header block's Content-Type (RFC 2231 continuations joined). */
function contentTypeOf(lines: string[]) {
  const unfolded = lines.join("\n").replace(/\r?\n[ \t]+/g, " ");
  const value = /^content-type[ \t]*:(.*)$/im.exec(unfolded)?.[1] ?? "";
  const type = value.split(";")[0]!.trim().toLowerCase();
  const plain = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(value);
  let boundary = plain ? (plain[1] ?? plain[2] ?? "") : "";
  if (!boundary) {
    const pieces = [...value.matchAll(/;\s*boundary\*(\d+)\*?\s*=\s*(?:"([^"]*)"|([^;\s]+))/gi)];
    boundary = pieces
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((m) => m[2] ?? m[3] ?? "")
      .join("");
  }
  const encoding = /^content-transfer-encoding[ \t]*:(.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase() ?? "";
  return { type, boundary, encoded: encoding !== "" && !/^(7bit|8bit|binary)$/.test(encoding) };
}

const isBlank = (raw: Buffer, start: number, end: number) =>
  end === start || (end === start + 1 && raw[start] === CR);

/**
 * The first limit `raw` goes over, or null. Stops reading at that point, so a message of a million
 * parts costs no more than one at the limit.
 */
export function mimeShapeProblem(raw: Buffer, limits: MimeLimits = MIME_LIMITS): ShapeProblem | null {
  /** Open multiparts, innermost last: the delimiter line and the depth of its parts. */
  const open: { delimiter: string; depth: number }[] = [];
  let parts = 1;
  let depth = 0;
  let inHeader = true;
  let header: string[] = [];
  let headerBytes = 0;
  /** The longest delimiter opened: a longer line is never one. */
  let longest = 0;
  const tooDeep = (): ShapeProblem => ({
    reason: "too_deep",
    detail: `Its parts are nested more than ${limits.maxDepth} levels deep.`,
  });
  const newPart = (at: number): ShapeProblem | null => {
    parts++;
    depth = at;
    inHeader = true;
    header = [];
    headerBytes = 0;
    if (parts > limits.maxParts)
      return { reason: "too_many_parts", detail: `It has more than ${limits.maxParts} parts.` };
    return depth > limits.maxDepth ? tooDeep() : null;
  };
  for (let start = 0; start < raw.length; ) {
    const newline = raw.indexOf(LF, start);
    const end = newline < 0 ? raw.length : newline;
    const next = end + 1;
    // A delimiter counts wherever it appears, in a header block too (as mailparser reads it).
    if (open.length > 0 && raw[start] === DASH && raw[start + 1] === DASH && end - start <= longest + 8) {
      const line = raw.toString("latin1", start, end).trimEnd();
      const level = open.findLastIndex((o) => line === o.delimiter || line === `${o.delimiter}--`);
      if (level >= 0) {
        const { delimiter, depth: at } = open[level]!;
        if (line === delimiter) {
          open.length = level + 1;
          const problem = newPart(at);
          if (problem) return problem;
        } else {
          open.length = level;
          inHeader = false;
        }
        start = next;
        continue;
      }
    }
    if (inHeader) {
      if (!isBlank(raw, start, end)) {
        headerBytes += next - start;
        if (headerBytes > limits.maxHeaderBytes) {
          return {
            reason: "header_too_large",
            detail: `A header block is larger than ${Math.round(limits.maxHeaderBytes / 1024)} KB.`,
          };
        }
        header.push(raw.toString("latin1", start, end));
      } else {
        inHeader = false;
        const { type, boundary, encoded } = contentTypeOf(header);
        if (type.startsWith("multipart/") && boundary) {
          const delimiter = `--${boundary}`.trimEnd();
          open.push({ delimiter, depth: depth + 1 });
          longest = Math.max(longest, delimiter.length);
          if (depth + 1 > limits.maxDepth) return tooDeep();
        } else if ((type === "message/rfc822" || type === "message/global") && !encoded) {
          // An embedded message: its own header block follows.
          const problem = newPart(depth + 1);
          if (problem) return problem;
        }
      }
    }
    start = next;
  }
  return null;
}

/** A header line longer than this is left out of topHeaderBlock (RFC 5322 allows 998 characters). */
const LONGEST_KEPT_LINE = 8 * 1024;

/**
 * The message's own header block, to read its addresses when the rest cannot be read: its lines up
 * to the blank line that ends it, leaving out any line over 8 KB, at most `maxBytes` of them.
 */
export function topHeaderBlock(raw: Buffer, maxBytes: number): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (let start = 0; start < raw.length; ) {
    const newline = raw.indexOf(LF, start);
    const end = newline < 0 ? raw.length : newline;
    if (isBlank(raw, start, end)) break;
    const line = raw.subarray(start, Math.min(raw.length, end + 1));
    if (line.length <= LONGEST_KEPT_LINE) {
      if (size + line.length > maxBytes) break;
      kept.push(line);
      size += line.length;
    }
    start = end + 1;
  }
  return Buffer.concat([...kept, Buffer.from("\r\n\r\n")]);
}
