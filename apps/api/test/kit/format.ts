/** What a test expects to read, worked out here rather than through the code under test. */

/** Cents as the app writes them in en-US (its default locale, and the browser tests' Chromium's). */
export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);

/** A PNG of the given size in one colour (a picture to upload). */
export async function png(width: number, height: number, colour = { r: 220, g: 38, b: 38 }): Promise<Buffer> {
  // Loaded here, not above: benchmarks load this kit and have no use for sharp.
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
