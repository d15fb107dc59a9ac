import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, expect, test } from "vitest";
import { createDocument } from "~/models/documents.server";
import { createImage, deleteImage } from "~/models/images.server";
import { documentHref } from "~/shared/documents";
import {
  IMAGE_TOO_LARGE,
  ImageUploadError,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
} from "~/utils/image-upload.server";
import { createS3Storage, getStorage } from "~/utils/storage.server";
import { createUser } from "../support/accounts";
import { expectWholeAndRangeDownloads } from "../support/downloads";
import { imageBytes, pngFile } from "../support/images";
import { pdfBytes } from "../support/pdfs";

// Uploads against a real S3-compatible server (s3rver on a random local port): what a
// deployment with S3_* set does, through the same Storage interface and upload path.

const BUCKET = "rifq-uploads";
const directory = mkdtempSync(path.join(os.tmpdir(), "rifq-s3rver-"));
const s3rver = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: BUCKET }],
});
const { port } = await s3rver.run();
const endpoint = `http://127.0.0.1:${port}`;
const publicUrl = `${endpoint}/${BUCKET}`;
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

// Read once, at the first getEnv(): the app's storage is this bucket.
Object.assign(process.env, {
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  S3_PUBLIC_URL: publicUrl,
});

afterAll(async () => {
  await s3rver.close();
  rmSync(directory, { recursive: true, force: true });
});

const s3 = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });

/** Every key in the bucket. */
async function bucketKeys(): Promise<string[]> {
  const listing = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listing.Contents ?? []).map((object) => object.Key ?? "").sort();
}

const storageOn = (bucket: string) =>
  createS3Storage({ bucket, region: "us-east-1", endpoint, ...credentials, publicUrl });

test("the bucket keeps, serves and removes a file; a missing one is null", async () => {
  const storage = storageOn(BUCKET);
  const bytes = await imageBytes({ width: 4, height: 4, format: "webp" });
  await storage.put("posts/1700000000.webp", bytes, "image/webp");

  expect(await storage.get("posts/1700000000.webp")).toEqual({
    body: bytes,
    contentType: "image/webp",
  });
  const served = await fetch(storage.publicUrl("posts/1700000000.webp"));
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
  expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);

  await storage.remove("posts/1700000000.webp");
  expect(await storage.get("posts/1700000000.webp")).toBeNull();
  expect((await fetch(storage.publicUrl("posts/1700000000.webp"))).status).toBe(404);
  await storage.remove("posts/1700000000.webp"); // removing twice is fine
  await expect(storage.put("../escape.webp", bytes, "image/webp")).rejects.toThrow("unsafe");
  expect(() => storage.publicUrl("../escape.webp")).toThrow("unsafe");
});

test("a wrong bucket is an error, not a file that seems to be missing", async () => {
  await expect(storageOn("no-such-bucket").get("posts/1700000000.webp")).rejects.toThrow();
});

test("an editor's gallery image is re-encoded into the bucket and removed with its row", async () => {
  expect(getStorage().publicUrl("gallery/a.webp")).toBe(`${publicUrl}/gallery/a.webp`);
  const editor = await createUser("editor");
  const created = await createImage(
    editor,
    { title: "يوم المسنين", description: "زيارة الدار", categoryId: null },
    await pngFile("visit.png", 2400, 1200),
  );

  expect(created.imageUrl).toMatch(new RegExp(`^${publicUrl}/gallery/\\d{13}-[0-9a-f]{8}\\.webp$`));
  const mainKey = created.imageUrl.slice(publicUrl.length + 1);
  const copies = [480, 1200].map((width) => mainKey.replace(/\.webp$/, `-${width}.webp`));
  expect(await bucketKeys()).toEqual([mainKey, ...copies].sort());
  expect(await getStorage().list()).toEqual(await bucketKeys()); // what a backup copies

  const served = await fetch(created.imageUrl);
  expect(served.headers.get("content-type")).toBe("image/webp");
  const main = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect({ format: main.format, width: main.width }).toEqual({ format: "webp", width: 2000 });
  const small = await getStorage().get(copies[0]);
  expect((await sharp(small?.body).metadata()).width).toBe(480);

  await deleteImage(editor, created.id);
  expect(await bucketKeys()).toEqual([]);
  expect((await fetch(created.imageUrl)).status).toBe(404);
});

test("a file that is not an image, or is too large, is refused and nothing is stored", async () => {
  const editor = await createUser("editor");
  const input = { title: "ملف", description: null, categoryId: null };
  const script = new File(["<script>alert(1)</script>"], "photo.png", { type: "image/png" });
  const huge = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "big.png", { type: "image/png" });

  await expect(createImage(editor, input, script)).rejects.toThrow(NOT_AN_IMAGE);
  await expect(createImage(editor, input, huge)).rejects.toBeInstanceOf(ImageUploadError);
  await expect(createImage(editor, input, huge)).rejects.toThrow(IMAGE_TOO_LARGE);
  expect(await bucketKeys()).toEqual([]);
});

test("a document in the bucket is streamed whole or by byte ranges (206, Content-Range, 416)", async () => {
  const editor = await createUser("editor");
  const bytes = await pdfBytes("Rifq annual report in the bucket", 3);
  const file = new File([new Uint8Array(bytes)], "report.pdf", { type: "application/pdf" });
  const created = await createDocument(
    editor,
    { title: "التقرير السنوي", category: "reports", year: 2025, status: "published" },
    file,
  );
  expect(await bucketKeys()).toContain(`documents/${created.id}.pdf`);
  await expectWholeAndRangeDownloads(documentHref(created), bytes);
  expect(await storageOn(BUCKET).stream("documents/missing.pdf")).toBeNull();
});
