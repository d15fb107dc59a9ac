import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { imageSrcSet } from "~/shared/image-rules";
import { pngFile } from "../../tests/support/images";
import { expectLog } from "../../tests/support/logs";
import {
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
  removeImage,
  storageKeyOf,
  storeImage,
  UPLOAD_FAILED,
} from "./image-upload.server";
import { createLocalStorage } from "./storage.server";

const root = mkdtempSync(path.join(os.tmpdir(), "rifq-upload-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A real storage on disk, in a folder of its own per test. */
function freshStorage(name: string) {
  const dir = path.join(root, name);
  return { dir, storage: createLocalStorage(dir) };
}

const filesIn = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
};

describe("storeImage", () => {
  test("stores a WebP copy and 480/1200 px variants under the prefix", async () => {
    const { dir, storage } = freshStorage("ok");
    const stored = await storeImage(await pngFile("photo.png", 1600, 900), "posts", storage);

    expect(stored.url).toMatch(/^\/uploads\/posts\/\d{13}-[0-9a-f]{8}\.webp$/);
    const key = stored.url.replace("/uploads/", "");
    expect(stored.keys).toEqual([
      key,
      key.replace(".webp", "-480.webp"),
      key.replace(".webp", "-1200.webp"),
    ]);
    expect(filesIn(dir)).toEqual([...stored.keys].sort());
    const widths = await Promise.all(
      stored.keys.map(async (k) => (await sharp(path.join(dir, k)).metadata()).width),
    );
    expect(widths).toEqual([1600, 480, 1200]);
    expect((await sharp(path.join(dir, key)).metadata()).format).toBe("webp");
    // The srcset helper names exactly the copies that were stored.
    expect(imageSrcSet(stored.url)).toBe(
      `/uploads/${stored.keys[1]} 480w, /uploads/${stored.keys[2]} 1200w, ${stored.url} 2000w`,
    );
    expect(imageSrcSet("https://example.com/photo.jpg")).toBeUndefined();
  });

  test("applies the EXIF orientation and strips EXIF", async () => {
    const { dir, storage } = freshStorage("exif");
    // A 300×100 photo whose EXIF says "rotate 90°": it must come out 100×300, without EXIF.
    const jpeg = await sharp({
      create: { width: 300, height: 100, channels: 3, background: "#b7862c" },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "رفق" } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stored = await storeImage(new File([new Uint8Array(jpeg)], "a.jpg"), "posts", storage);
    const meta = await sharp(path.join(dir, stored.keys[0])).metadata();
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  test("judges the content, not the name: text named .png is refused and nothing is stored", async () => {
    const { dir, storage } = freshStorage("text");
    const fake = new File(["هذا نص وليس صورة"], "photo.png", { type: "image/png" });
    await expect(storeImage(fake, "posts", storage)).rejects.toThrow(NOT_AN_IMAGE);
    await expect(storeImage(new File([], "empty.png"), "posts", storage)).rejects.toThrow(
      NOT_AN_IMAGE,
    );
    expect(filesIn(dir)).toEqual([]);
  });

  test("a file over 5 MB is refused before decoding and nothing is stored", async () => {
    const { dir, storage } = freshStorage("big");
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "big.png", { type: "image/png" });
    await expect(storeImage(big, "posts", storage)).rejects.toThrow(IMAGE_TOO_LARGE);
    expect(filesIn(dir)).toEqual([]);
  });

  test("a storage that cannot write answers the upload-failed message", async () => {
    expectLog("logger.error", /storing an uploaded image failed/);
    const { dir, storage } = freshStorage("blocked");
    // A plain file where the posts folder should be: the disk refuses every write.
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "posts"), "not a folder");
    await expect(storeImage(await pngFile("photo.png", 50, 50), "posts", storage)).rejects.toThrow(
      UPLOAD_FAILED,
    );
    expect(filesIn(dir)).toEqual(["posts"]);
  });

  test("a disk failing half-way leaves none of the copies behind", async () => {
    expectLog("logger.error", /storing an uploaded image failed/);
    const { dir, storage } = freshStorage("half");
    // The real disk storage, with the disk failing on the second write (an OS fault).
    let writes = 0;
    const failingDisk = {
      ...storage,
      async put(key: string, body: Buffer, type: string) {
        if (++writes === 2) throw new Error("ENOSPC: no space left on device");
        await storage.put(key, body, type);
      },
    };
    await expect(
      storeImage(await pngFile("photo.png", 50, 50), "posts", failingDisk),
    ).rejects.toThrow(UPLOAD_FAILED);
    expect(filesIn(dir)).toEqual([]);
  });
});

describe("removeImage", () => {
  test("removes the main copy and its variants", async () => {
    const { dir, storage } = freshStorage("remove");
    const stored = await storeImage(await pngFile("photo.png", 100, 100), "gallery", storage);
    writeFileSync(path.join(dir, "gallery", "other.webp"), "keep me");
    await removeImage(stored.url, storage);
    expect(filesIn(dir)).toEqual(["gallery/other.webp"]);
  });

  test("leaves URLs that are not ours alone and never throws", async () => {
    const { storage } = freshStorage("foreign");
    expect(storageKeyOf("https://example.com/a.webp", storage)).toBeNull();
    expect(storageKeyOf("/uploads/../secret.webp", storage)).toBeNull();
    expect(storageKeyOf("/uploads/posts/1.webp", storage)).toBe("posts/1.webp");
    await expect(removeImage("https://example.com/a.webp", storage)).resolves.toBeUndefined();
    await expect(removeImage(null, storage)).resolves.toBeUndefined();
  });
});
