import sharp from "sharp";

interface ImageOptions {
  width?: number;
  height?: number;
  background?: string;
  format?: "png" | "webp";
}

/** The bytes of a real one-colour image, made in the test. */
export function imageBytes({
  width = 640,
  height = 360,
  background = "#b7862c",
  format = "png",
}: ImageOptions = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A real PNG of one colour, as a browser would upload it. */
export async function pngFile(name = "photo.png", width = 640, height = 360) {
  const bytes = await imageBytes({ width, height });
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}
