import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Env } from "../env.server";
import { logger } from "../logger.server";
import { lazyS3Client, type S3Connection } from "../storage.server";
import { unpackVerifiedArchive } from "./archive.server";
import { BackupError } from "./backup-error.server";
import { backupsNewestFirst, listBackups } from "./retention.server";

// Backups off the machine (docs/decisions/077): archives copied to an S3-compatible bucket under
// a prefix, with their own retention there. Only keys under the prefix named like our archives
// are ever listed, downloaded or deleted.

export interface OffsiteBackups {
  /** Where the archives go, for messages: `s3://bucket/prefix`. */
  readonly where: string;
  /** Our archives in the bucket, newest first. */
  list(): Promise<string[]>;
  upload(file: string): Promise<void>;
  /** Writes the archive `name` into `file`. */
  download(name: string, file: string): Promise<void>;
  remove(name: string): Promise<void>;
}

type OffsiteEnv = Pick<
  Env,
  | "BACKUP_S3_BUCKET"
  | "BACKUP_S3_PREFIX"
  | "BACKUP_S3_ENDPOINT"
  | "BACKUP_S3_REGION"
  | "BACKUP_S3_ACCESS_KEY_ID"
  | "BACKUP_S3_SECRET_ACCESS_KEY"
>;

/** The bucket of the BACKUP_S3_* settings and how many to keep there; null = this machine only. */
export function offsiteTargetFromEnv(
  env: OffsiteEnv & Pick<Env, "BACKUP_S3_KEEP">,
): { backups: OffsiteBackups; keep: number } | null {
  const backups = offsiteFromEnv(env);
  return backups && { backups, keep: env.BACKUP_S3_KEEP };
}

/** The bucket of the BACKUP_S3_* settings, or null when backups stay on this machine. */
export function offsiteFromEnv(env: OffsiteEnv): OffsiteBackups | null {
  const { BACKUP_S3_BUCKET: bucket, BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY } = env;
  if (!(bucket && BACKUP_S3_ACCESS_KEY_ID && BACKUP_S3_SECRET_ACCESS_KEY)) return null;
  return createOffsiteBackups({
    bucket,
    prefix: env.BACKUP_S3_PREFIX,
    region: env.BACKUP_S3_REGION,
    endpoint: env.BACKUP_S3_ENDPOINT,
    accessKeyId: BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: BACKUP_S3_SECRET_ACCESS_KEY,
  });
}

export function createOffsiteBackups(options: S3Connection & { prefix: string }): OffsiteBackups {
  // An archive is streamed from disk, not held in memory. The SDK would frame a stream with a
  // trailing checksum ("aws-chunked"), which several S3-compatible services store as it is:
  // checksums only where the service asks (the archive's manifest has its own SHA-256 sums).
  const connect = lazyS3Client(options, {
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const keyOf = (name: string) => {
    if (backupsNewestFirst([name]).length === 0) {
      throw new BackupError(`ليس اسم نسخة احتياطية من رفق: ${name}`);
    }
    return `${options.prefix}${name}`;
  };
  return {
    where: `s3://${Bucket}/${options.prefix}`,
    async list() {
      const { sdk, client } = await connect();
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: options.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          names.push((object.Key ?? "").slice(options.prefix.length));
        }
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return backupsNewestFirst(names);
    },
    async upload(file) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(path.basename(file)),
          Body: createReadStream(file),
          ContentLength: (await stat(file)).size,
          ContentType: "application/gzip",
        }),
      );
    },
    async download(name, file) {
      const { sdk, client } = await connect();
      const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(name) }));
      await pipeline(result.Body as Readable, createWriteStream(file, { mode: 0o600 }));
    },
    async remove(name) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
  };
}

/** Throws unless `file` unpacks and every checksum of its manifest matches. */
async function checkArchive(file: string): Promise<void> {
  const into = await mkdtemp(path.join(os.tmpdir(), "rifq-check-"));
  try {
    await unpackVerifiedArchive(file, into);
  } finally {
    await rm(into, { recursive: true, force: true });
  }
}

/**
 * Sends the local archives of `folder` the bucket lacks (the newest `keep`: one a failed run
 * left behind goes at the next run), each checked first, then deletes the bucket's archives
 * beyond the newest `keep`. A failure is logged, never thrown: local archives are never touched.
 */
export async function sendBackupsOffsite(
  offsite: OffsiteBackups,
  folder: string,
  keep: number,
): Promise<{ uploaded: string[]; removed: string[] }> {
  const uploaded: string[] = [];
  try {
    const there = new Set(await offsite.list());
    const missing = (await listBackups(folder)).slice(0, keep).filter((name) => !there.has(name));
    for (const name of missing.reverse()) {
      const file = path.join(folder, name);
      await checkArchive(file);
      await offsite.upload(file);
      uploaded.push(name);
    }
    const removed = (await offsite.list()).slice(keep);
    for (const name of removed) await offsite.remove(name);
    logger.info({ where: offsite.where, uploaded, removed }, "backups sent off the machine");
    return { uploaded, removed };
  } catch (error) {
    logger.error(
      { err: error, where: offsite.where, uploaded },
      "sending backups off the machine failed; the next run tries again",
    );
    return { uploaded, removed: [] };
  }
}

/**
 * `s3:latest` or `s3:<name>` from the bucket into a temporary file; `use` gets its path, and the
 * file is gone afterwards. Anything else is a local file, handed to `use` as it is.
 */
export async function withArchive<T>(
  source: string,
  offsite: OffsiteBackups | null,
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (!source.startsWith("s3:")) return use(source);
  if (!offsite) throw new BackupError("لاستعادة نسخة من S3 اضبط متغيرات BACKUP_S3_* أولاً.");
  const wanted = source.slice("s3:".length);
  const name = wanted === "latest" ? (await offsite.list())[0] : wanted;
  if (!name) throw new BackupError(`لا توجد نسخ احتياطية في ${offsite.where}`);
  const workDir = await mkdtemp(path.join(os.tmpdir(), "rifq-offsite-"));
  try {
    const file = path.join(workDir, name);
    await offsite.download(name, file).catch((error: Error) => {
      if (error.name === "NoSuchKey") {
        throw new BackupError(`لا توجد نسخة باسم ${name} في ${offsite.where}`);
      }
      throw error;
    });
    return await use(file);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
