import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "~/utils/env.server";

/** Where this test file's uploads are stored. */
export const uploadsDir = () => path.join(getEnv().DATA_DIR, "uploads");

/** Every stored upload, as paths relative to the uploads folder. */
export function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** A real PNG of one colour, as a browser would upload it. */
export async function pngFile(name = "photo.png", width = 640, height = 360) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 183, g: 134, b: 44 } },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}
