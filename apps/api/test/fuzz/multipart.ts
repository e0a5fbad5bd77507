import fc from "fast-check";
import type { Schema } from "./operations.ts";
import { anyString, type Known, objectFor, valueFor } from "./values.ts";

/** A 1x1 PNG: a file an image field accepts. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

interface Part {
  name: string;
  file: boolean;
  filename: string;
  type: string;
  data: Buffer;
}

const fileData = fc.oneof(
  { arbitrary: fc.constant(PNG), weight: 2 },
  { arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)), weight: 3 },
  { arbitrary: fc.constant(Buffer.from("<svg onload=alert(1)>")), weight: 1 },
  { arbitrary: fc.constant(Buffer.alloc(1024 * 1024 + 10, 0x41)), weight: 1 },
);

function partFor(name: string, schema: Schema, known: Known): fc.Arbitrary<Part> {
  const text = valueFor(name, schema, known).map((v) =>
    Buffer.from(typeof v === "string" ? v : (JSON.stringify(v) ?? "")),
  );
  return fc
    .tuple(fc.boolean(), fileData, text, fc.constantFrom("a.png", "", "../../x", "é.jpg", "a\r\nb"))
    .map(([file, data, value, filename]) => ({
      name,
      file,
      filename,
      type: file ? "image/png" : "text/plain",
      data: file ? data : value,
    }));
}

const encodePart = (boundary: string, p: Part) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.file ? `; filename="${p.filename}"` : ""}\r\n` +
        `${p.file ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
    ),
    p.data,
    Buffer.from("\r\n"),
  ]);

/**
 * A multipart/form-data body for a form of these fields: well formed mostly, else cut short,
 * without its boundary, under another boundary, with a field it does not take, a field twice, a
 * file over the limit, or bytes that are no form at all.
 */
export function multipartBody(schema: Schema, known: Known, tidy = false) {
  if (tidy) return tidyForm(schema, known);
  const fields = Object.entries(schema.properties ?? {});
  const parts = fc.array(
    fields.length
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...fields).chain(([n, s]) => partFor(n, s, known)), weight: 6 },
          { arbitrary: anyString.chain((n) => partFor(n.replace(/["\r\n]/g, ""), {}, known)), weight: 1 },
        )
      : anyString.chain((n) => partFor(n.replace(/["\r\n]/g, ""), {}, known)),
    { maxLength: 8 },
  );
  const boundary = fc.constantFrom("fuzz-boundary-0", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "b");
  const damage = fc.constantFrom(
    "none",
    "none",
    "truncate",
    "truncate",
    "no-boundary",
    "other-boundary",
    "garbage",
  );
  return fc
    .tuple(parts, boundary, damage, fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([ps, b, how, cut]) => {
      const whole = Buffer.concat([...ps.map((p) => encodePart(b, p)), Buffer.from(`--${b}--\r\n`)]);
      const type = `multipart/form-data; boundary=${b}`;
      switch (how) {
        case "truncate":
          return { contentType: type, body: whole.subarray(0, Math.floor(whole.length * cut)) };
        case "no-boundary":
          return { contentType: "multipart/form-data", body: whole };
        case "other-boundary":
          return { contentType: "multipart/form-data; boundary=elsewhere", body: whole };
        case "garbage":
          return { contentType: type, body: Buffer.from(whole.toString("base64")) };
        default:
          return { contentType: type, body: whole };
      }
    });
}

const isFile = (s: Schema): boolean => s.format === "binary" || (s.anyOf ?? []).some(isFile);

/** A well-formed form: every required field with a fitting value, some optional ones, a PNG for each file. */
function tidyForm(schema: Schema, known: Known) {
  const entries = Object.entries(schema.properties ?? {});
  const texts = Object.fromEntries(entries.filter(([, s]) => !isFile(s)));
  const files = entries.filter(([, s]) => isFile(s)).map(([name]) => name);
  const b = "fuzz-boundary-0";
  return fc
    .tuple(objectFor({ ...schema, properties: texts }, known, 0, true), fc.subarray(files))
    .map(([values, chosen]) => {
      const parts: Part[] = [
        ...Object.entries(values).map(([name, v]) => ({
          name,
          file: false,
          filename: "",
          type: "text/plain",
          data: Buffer.from(typeof v === "string" ? v : JSON.stringify(v)),
        })),
        ...chosen.map((name) => ({
          name,
          file: true,
          filename: `${name}.png`,
          type: "image/png",
          data: PNG,
        })),
      ];
      const body = Buffer.concat([...parts.map((p) => encodePart(b, p)), Buffer.from(`--${b}--\r\n`)]);
      return { contentType: `multipart/form-data; boundary=${b}`, body };
    });
}
