import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type * as S3 from "@aws-sdk/client-s3";
import { getEnv } from "./env.server";

/** Where uploaded files live. Keys are relative paths such as `posts/1700000000.webp`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** Every stored key, sorted (backups copy them all); names no URL could serve are left out. */
  list(): Promise<string[]>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".pdf": "application/pdf",
};

/** A key that could leave the uploads folder or bucket (traversal, odd characters). */
export class UnsafeStorageKeyError extends Error {}

export function assertSafeKey(key: string): string {
  const normalised = path.posix.normalize(key);
  if (
    !normalised ||
    normalised.startsWith("..") ||
    normalised.startsWith("/") ||
    normalised.includes("\0") ||
    !/^[\w./-]+$/.test(normalised)
  ) {
    throw new UnsafeStorageKeyError(`unsafe storage key: ${key}`);
  }
  return normalised;
}

const isSafeKey = (key: string) => {
  try {
    return assertSafeKey(key) === key;
  } catch {
    return false;
  }
};

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, assertSafeKey(key));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        const file = fileOf(key);
        const body = await readFile(file);
        const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
        return { body, contentType: contentType ?? "application/octet-stream" };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl: (key) => `/uploads/${assertSafeKey(key)}`,
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .map((file) => file.split(path.sep).join("/"))
        .filter(isSafeKey)
        .sort();
    },
  };
}

export function createS3Storage(options: {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
}): Storage {
  // The SDK is loaded on first use: a server on local storage never holds it (decision 059).
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () => {
    connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      }),
    }));
    return connection;
  };
  const Bucket = options.bucket;
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      let result: S3.GetObjectCommandOutput;
      try {
        result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: assertSafeKey(key) }));
      } catch (error) {
        // Only a missing file is "not found": a wrong bucket or an unreachable server is an
        // error to see, not a 404 that hides it.
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
      const bytes = await result.Body?.transformToByteArray();
      if (!bytes) return null;
      return {
        body: Buffer.from(bytes),
        contentType: result.ContentType ?? "application/octet-stream",
      };
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },
    // Without a public bucket URL the files are served through /uploads like local ones.
    publicUrl: (key) =>
      options.publicUrl
        ? `${options.publicUrl.replace(/\/$/, "")}/${assertSafeKey(key)}`
        : `/uploads/${assertSafeKey(key)}`,
    async list() {
      const { sdk, client } = await connect();
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.filter(isSafeKey).sort();
    },
  };
}

let storage: Storage | undefined;

export function getStorage(): Storage {
  if (storage) return storage;
  const env = getEnv();
  storage =
    env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
        })
      : createLocalStorage(path.join(env.DATA_DIR, "uploads"));
  return storage;
}
