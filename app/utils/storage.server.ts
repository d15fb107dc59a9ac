import { constants } from "node:fs";
import { access, mkdir, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import type { ByteRange } from "./byte-range.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { cachedRead, forgetReads } from "./read-cache.server";

/** Where uploaded files live. Keys are relative paths such as `posts/1700000000.webp`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /**
   * The file's bytes (or `range` of them) as a stream read as it is consumed, so a slow reader
   * holds one chunk, not the file (downloads); null when there is no such file.
   */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** Every stored key, sorted (backups copy them all); names no URL could serve are left out. */
  list(): Promise<string[]>;
  /** How many files are stored and their bytes, every file counted (the staff dashboard). */
  usage(): Promise<{ files: number; bytes: number }>;
  /**
   * Throws when files could not be stored now: the uploads folder is not writable, or the bucket
   * does not answer (/readyz and `npm run doctor`, docs/decisions/077). Stores nothing.
   */
  probe(): Promise<void>;
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

/**
 * A web stream that reads `source` only when its consumer asks (pull), so backpressure holds:
 * Readable.toWeb on Node 20 reads ahead whatever the consumer's pace.
 */
function pulledFrom(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value as Uint8Array);
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
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
    async probe() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
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
    async stream(key, range) {
      const handle = await open(fileOf(key), "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return (
        handle && pulledFrom(handle.createReadStream({ start: range?.start, end: range?.end }))
      );
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
    async usage() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      let bytes = 0;
      let files = 0;
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (!info) continue; // removed meanwhile
        files += 1;
        bytes += info.size;
      }
      return { files, bytes };
    },
  };
}

/** Where an S3-compatible bucket is and how to sign in to it (uploads and off-site backups). */
export interface S3Connection {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The SDK and a client for `options`, made on the first call: the SDK is loaded on first use, so
 * a server on local storage never holds it (decision 059).
 */
export function lazyS3Client(
  options: S3Connection,
  extra: Partial<S3.S3ClientConfig> = {},
): () => Promise<{ sdk: typeof S3; client: S3.S3Client }> {
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  return () => {
    connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        ...extra,
      }),
    }));
    return connection;
  };
}

export function createS3Storage(options: S3Connection & { publicUrl?: string }): Storage {
  const connect = lazyS3Client(options);
  const Bucket = options.bucket;
  return {
    async probe() {
      const { sdk, client } = await connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
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
    async stream(key, range) {
      const { sdk, client } = await connect();
      const Range = range && `bytes=${range.start}-${range.end}`;
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: assertSafeKey(key), Range }),
        );
        if (!result.Body) return null;
        // In Node the SDK's body is the HTTP response itself: read it as the reader reads.
        return result.Body instanceof Readable
          ? pulledFrom(result.Body)
          : result.Body.transformToWebStream();
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
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
    async usage() {
      const { sdk, client } = await connect();
      let files = 0;
      let bytes = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          files += 1;
          bytes += object.Size ?? 0;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return { files, bytes };
    },
  };
}

/**
 * What the changes channel carries when a process stored or removed a file: each server process
 * forgets the usage it keeps (server/realtime.ts; never streamed to a browser).
 */
export const STORED_FILES = "stored_files";

type Announce = (op: "put" | "remove") => Promise<void>;
let announce: Announce | undefined;

/**
 * Makes this process tell every process of each file it stores or removes, through `through`
 * (the changes channel: app/models/stored-files.server.ts); the server does, once it listens
 * (server/app.ts). Scripts do not: `npm run restore` stores files before the embedded database it
 * restores into exists, and a process that opened it meanwhile would break it.
 */
export function announceFileChanges(through: Announce) {
  announce = through;
}

/** Forgets the usage kept here at once, and tells every process (this one included). */
async function announceFilesChanged(op: "put" | "remove") {
  forgetReads({ table: STORED_FILES });
  // The file is stored; a usage figure late by STORAGE_USAGE_TTL_MS is not worth failing it.
  await announce?.(op).catch((error) =>
    logger.warn({ err: error }, "announcing a stored file failed"),
  );
}

/** `storage` announcing each file stored or removed (`announceFilesChanged`). */
function announcingChanges(storage: Storage): Storage {
  return {
    ...storage,
    async put(key, body, contentType) {
      try {
        await storage.put(key, body, contentType);
      } finally {
        await announceFilesChanged("put");
      }
    },
    async remove(key) {
      try {
        await storage.remove(key);
      } finally {
        await announceFilesChanged("remove");
      }
    },
  };
}

/**
 * Bounds a change no announcement covers (files copied into the folder or bucket by hand, an
 * announcement lost with its connection).
 */
const STORAGE_USAGE_TTL_MS = 10 * 60_000;

/**
 * `getStorage().usage()`, counted once per change of the stored files rather than on every view of
 * the staff home (it walks every file): kept in each server process until a file is stored or
 * removed by any process (the changes channel) or STORAGE_USAGE_TTL_MS has passed. Without a
 * realtime hub (scripts, tests) it is counted each time (read-cache.server.ts).
 */
export function storageUsage(): Promise<{ files: number; bytes: number }> {
  return cachedRead("storage:usage", STORED_FILES, { ttlMs: STORAGE_USAGE_TTL_MS }, () =>
    getStorage().usage(),
  );
}

let storage: Storage | undefined;

/** The site's storage; every file it stores or removes is announced (`storageUsage`). */
export function getStorage(): Storage {
  if (storage) return storage;
  const env = getEnv();
  storage = announcingChanges(
    env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
        })
      : createLocalStorage(path.join(env.DATA_DIR, "uploads")),
  );
  return storage;
}
