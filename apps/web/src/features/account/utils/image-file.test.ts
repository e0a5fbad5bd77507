import { MAX_IMAGE_BYTES, profileMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { checkImageDimensions, checkImageFile, imageBytesMessage } from "./image-file";

describe("profile image checks", () => {
  it("accepts up to 256 by 256 pixels", () => {
    expect(checkImageDimensions(256, 256)).toBeNull();
    expect(checkImageDimensions(257, 10)).toBe(profileMessages.imageTooLarge);
    expect(checkImageDimensions(10, 300)).toBe(profileMessages.imageTooLarge);
  });
  it("accepts PNG, JPEG, GIF and WebP within the byte limit", () => {
    expect(checkImageFile({ type: "image/png", size: 1000 })).toBeNull();
    expect(checkImageFile({ type: "image/svg+xml", size: 1000 })).toBe(profileMessages.imageType);
    expect(checkImageFile({ type: "image/webp", size: MAX_IMAGE_BYTES + 1 })).toBe(imageBytesMessage);
  });
});
