import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, profileMessages } from "@recoup/contracts";

export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(",");
export const imageBytesMessage = `Please choose an image of ${MAX_IMAGE_BYTES / (1024 * 1024)} MB or less.`;

/** Checks that need no decoding: the type and the byte size. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return profileMessages.imageType;
  if (file.size > MAX_IMAGE_BYTES) return imageBytesMessage;
  return null;
}

/** Width and height each at most 256 pixels. */
export function checkImageDimensions(width: number, height: number): string | null {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE ? profileMessages.imageTooLarge : null;
}

/** Decodes the file in the browser to read its size in pixels. */
export async function readImageDimensions(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The whole check: null when the picture can be kept, else the message to show. */
export async function validateImage(file: File): Promise<string | null> {
  const early = checkImageFile(file);
  if (early) return early;
  try {
    const { width, height } = await readImageDimensions(file);
    return checkImageDimensions(width, height);
  } catch {
    return profileMessages.imageReadFailed;
  }
}
