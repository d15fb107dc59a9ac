import { randomBytes } from "node:crypto";
import type { Metadata } from "sharp";
import { UnprocessableUploadError } from "~/shared/domain-errors";
import {
  IMAGE_TOO_LARGE,
  IMAGE_VARIANT_WIDTHS,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
  UPLOAD_FAILED,
} from "~/shared/image-rules";
import { logger } from "./logger.server";
import { getStorage, type Storage } from "./storage.server";

export { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE, UPLOAD_FAILED };

export const IMAGE_DIMENSIONS_TOO_LARGE = "أبعاد الصورة كبيرة جداً، يرجى اختيار صورة أصغر";
/** The main copy is never wider than this; larger photos are scaled down. */
const MAIN_MAX_WIDTH = 2000;
/** Guards against decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 60_000_000;
const WEBP_QUALITY = 82;

/** A refused or failed upload (422); `message` is the Arabic text to show beside the field. */
export class ImageUploadError extends UnprocessableUploadError {}

export interface StoredImage {
  /** Public URL of the main copy. */
  url: string;
  /** Every storage key written: the main copy first, then its variants. */
  keys: string[];
}

const variantKey = (mainKey: string, width: number) => mainKey.replace(/\.webp$/, `-${width}.webp`);

/** Decodes the file (whatever its name or declared type says) and re-encodes it as WebP. */
async function encodeImage(bytes: Buffer): Promise<{ main: Buffer; variants: Buffer[] }> {
  // libvips is loaded with the first upload, not at start (decision 059).
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageUploadError(NOT_AN_IMAGE);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ImageUploadError(IMAGE_DIMENSIONS_TOO_LARGE);
  }
  // rotate() applies the EXIF orientation; the WebP output carries no EXIF (no location, no camera).
  const resized = (width: number) =>
    sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  try {
    const [main, ...variants] = await Promise.all([
      resized(MAIN_MAX_WIDTH),
      ...IMAGE_VARIANT_WIDTHS.map(resized),
    ]);
    return { main, variants };
  } catch {
    throw new ImageUploadError(NOT_AN_IMAGE);
  }
}

/**
 * Checks, re-encodes and stores an uploaded image under `keyPrefix` (for example "posts"):
 * `posts/{timestamp}-{random}.webp` plus its `-480.webp` and `-1200.webp` copies. Throws an
 * ImageUploadError with the spec's message for a file that is too big or not an image; if
 * storing fails half-way, the copies already written are removed again.
 */
export async function storeImage(
  file: Blob,
  keyPrefix: string,
  storage: Storage = getStorage(),
): Promise<StoredImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ImageUploadError(IMAGE_TOO_LARGE);
  if (file.size === 0) throw new ImageUploadError(NOT_AN_IMAGE);
  const { main, variants } = await encodeImage(Buffer.from(await file.arrayBuffer()));

  // The timestamp keeps the spec's `posts/{timestamp}` shape; the random part makes two
  // uploads in the same millisecond (or on two servers) never overwrite each other.
  const folder = keyPrefix.replace(/^\/+|\/+$/g, "");
  const name = `${Date.now()}-${randomBytes(4).toString("hex")}.webp`;
  const mainKey = folder ? `${folder}/${name}` : name;
  const files = [
    { key: mainKey, body: main },
    ...IMAGE_VARIANT_WIDTHS.map((width, index) => ({
      key: variantKey(mainKey, width),
      body: variants[index],
    })),
  ];
  const written: string[] = [];
  try {
    for (const { key, body } of files) {
      await storage.put(key, body, "image/webp");
      written.push(key);
    }
  } catch (error) {
    logger.error({ err: error, key: mainKey }, "storing an uploaded image failed");
    await removeKeys(written, storage);
    throw new ImageUploadError(UPLOAD_FAILED);
  }
  return { url: storage.publicUrl(mainKey), keys: files.map((file) => file.key) };
}

/** The storage key behind one of our public URLs, or null for anything else. */
export function storageKeyOf(url: string, storage: Storage = getStorage()): string | null {
  const probe = "probe.webp";
  const base = storage.publicUrl(probe).slice(0, -probe.length);
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return /^[\w./-]+\.webp$/.test(key) && !key.includes("..") ? key : null;
}

/** Whether `url` is one of our stored images (storeImage's main copy) that is still there. */
export async function isStoredImage(url: string, storage: Storage = getStorage()) {
  const key = storageKeyOf(url, storage);
  if (!key) return false;
  try {
    return (await storage.get(key)) !== null;
  } catch {
    return false;
  }
}

async function removeKeys(keys: string[], storage: Storage) {
  await Promise.all(
    keys.map((key) =>
      storage.remove(key).catch((error) => {
        logger.warn({ err: error, key }, "removing a stored image failed");
      }),
    ),
  );
}

/**
 * Removes an image stored by storeImage, with its smaller copies. URLs that are not ours
 * (an external link, an older upload) are left alone; a failed removal is only logged.
 */
export async function removeImage(
  url: string | null | undefined,
  storage: Storage = getStorage(),
): Promise<void> {
  if (!url) return;
  const key = storageKeyOf(url, storage);
  if (!key) return;
  await removeKeys([key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(key, width))], storage);
}
