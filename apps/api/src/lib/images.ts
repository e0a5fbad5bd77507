import { errorCodes, MAX_IMAGE_SIDE, profileMessages } from "@recoup/contracts";
import sharp, { type Metadata } from "sharp";
import { AppError } from "./errors.ts";

const ALLOWED = new Set(["png", "jpeg", "gif", "webp"]);
/** Refuse decompression bombs before decoding pixels. */
const MAX_INPUT_PIXELS = 4096 * 4096;

const invalid = () => new AppError(400, errorCodes.invalidImage, profileMessages.imageType);

/**
 * Decodes an uploaded picture: only PNG, JPEG, GIF and WebP, at most 256×256. It is re-encoded
 * as PNG, which drops metadata (EXIF, GPS) and anything hidden after the image data.
 */
export async function processImage(input: Buffer): Promise<{ data: Buffer; type: string }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalid();
  }
  if (!meta.format || !ALLOWED.has(meta.format) || !meta.width || !meta.height) throw invalid();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new AppError(400, errorCodes.imageTooLarge, profileMessages.imageTooLarge);
  }
  try {
    const data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().png().toBuffer();
    return { data, type: "image/png" };
  } catch {
    throw invalid();
  }
}

export const toDataUrl = (data: Buffer | null, type: string | null) =>
  data && type ? `data:${type};base64,${data.toString("base64")}` : null;

/** Accepts `data:image/...;base64,...` or bare base64, as the spec's form sends pictures as base64. */
export function fromBase64Field(value: string): Buffer {
  const match = /^data:[\w/+.-]+;base64,(.*)$/s.exec(value.trim());
  const b64 = (match?.[1] ?? value).replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid();
  return Buffer.from(b64, "base64");
}
