import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import S3rver from "s3rver";
import { afterAll, expect, test } from "vitest";
import { createOffsiteBackups, withArchive } from "~/utils/backup/offsite.server";
import { restoreBackup } from "~/utils/backup/restore.server";
import { backupFileName, listBackups } from "~/utils/backup/retention.server";
import { listTables, type RunQuery } from "~/utils/backup/row-counts.server";
import { runNightlyBackup } from "~/utils/backup/schedule.server";
import { backupsDir, embeddedDatabaseDir } from "~/utils/backup/site-env.server";
import { db, getDatabaseHandle } from "~/utils/db.server";
import { getEnv, parseEnv } from "~/utils/env.server";
import { createLocalStorage, getStorage } from "~/utils/storage.server";
import { createUser } from "../support/accounts";
import { expectLog } from "../support/logs";

// Nightly backups sent to an S3-compatible bucket (s3rver on a random local port), kept there
// with their own retention, and restored from it (docs/decisions/077, "Backups off the machine").

const HEAVY = 120_000;
const BUCKET = "rifq-backups-bucket";
const PREFIX = "rifq-backups/";
const workDir = mkdtempSync(path.join(os.tmpdir(), "rifq-backup-s3-"));
const s3rver = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: path.join(workDir, "s3rver"),
  configureBuckets: [{ name: BUCKET }],
});
const { port } = await s3rver.run();
const endpoint = `http://127.0.0.1:${port}`;
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

afterAll(async () => {
  await s3rver.close();
  rmSync(workDir, { recursive: true, force: true });
});

const s3 = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
const bucketKeys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
    .map((object) => object.Key ?? "")
    .sort();

const offsiteAt = (at: string) =>
  createOffsiteBackups({
    bucket: BUCKET,
    prefix: PREFIX,
    region: "us-east-1",
    endpoint: at,
    ...credentials,
  });

const installedUrl = () =>
  (getDatabaseHandle().db as unknown as { $client: pg.Pool }).$client.options
    .connectionString as string;

const nightly = (dataDir: string, offsite: ReturnType<typeof offsiteAt>, keep: number) => ({
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: getDatabaseHandle().kind === "postgres" ? installedUrl() : undefined,
    AUTH_SECRET: getEnv().AUTH_SECRET,
    BACKUP_KEEP: 7,
  },
  handle: getDatabaseHandle(),
  storage: getStorage(),
  offsite: { backups: offsite, keep },
});

const nights = [1, 2, 3].map((day) => new Date(Date.UTC(2026, 3, day, 23)));

/** Every row of every table as sorted JSON text, per table. */
async function rowsOf(query: RunQuery): Promise<Record<string, string[]>> {
  await query("set timezone to 'UTC'");
  const rows: Record<string, string[]> = {};
  for (const table of await listTables(query)) {
    const result = await query(`select row_to_json(t)::text as json from ${table} t`);
    rows[table] = result.map((row) => String(row.json)).sort();
  }
  return rows;
}

test(
  "nightly backups go to the bucket under the prefix, the newest KEEP stay, and s3:latest restores the same rows",
  async () => {
    await createUser("admin", "نورة العتيبي");
    const dataDir = mkdtempSync(path.join(workDir, "site-"));
    const offsite = offsiteAt(endpoint);
    // Not ours: left alone by the retention there.
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}notes.txt`, Body: "kept by hand" }),
    );

    await runNightlyBackup(nightly(dataDir, offsite, 2), { now: nights[0] });
    expect(await bucketKeys()).toEqual([
      `${PREFIX}notes.txt`,
      `${PREFIX}${backupFileName(nights[0])}`,
    ]);
    for (const now of nights.slice(1))
      await runNightlyBackup(nightly(dataDir, offsite, 2), { now });
    expect(await offsite.list()).toEqual([backupFileName(nights[2]), backupFileName(nights[1])]);
    expect(await bucketKeys()).toContain(`${PREFIX}notes.txt`);
    // The local archives are the local retention's business (BACKUP_KEEP=7): all three stay.
    expect(await listBackups(backupsDir(dataDir))).toHaveLength(3);

    const restored = mkdtempSync(path.join(workDir, "restored-"));
    const target = { kind: "pglite", dataDir: embeddedDatabaseDir(restored) } as const;
    const result = await withArchive("s3:latest", offsite, (archive) =>
      restoreBackup({
        archive,
        target,
        storage: createLocalStorage(path.join(restored, "uploads")),
      }),
    );
    expect(result.manifest.createdAt).toBe(nights[2].toISOString());
    const client = new PGlite(target.dataDir);
    try {
      const source = await db.transaction((tx) =>
        rowsOf(async (text) => (await tx.execute(sql.raw(text))).rows as Record<string, unknown>[]),
      );
      const copy = await rowsOf(
        async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      );
      expect(copy).toEqual(source);
      expect(JSON.stringify(copy)).toContain("نورة العتيبي");
    } finally {
      await client.close();
    }
  },
  HEAVY,
);

test(
  "a bucket that does not answer: the upload fails with a logged error, the local archive stays, and the next run sends it",
  async () => {
    expectLog("logger.error", /sending backups off the machine failed/);
    const dataDir = mkdtempSync(path.join(workDir, "down-"));
    const file = await runNightlyBackup(nightly(dataDir, offsiteAt("http://127.0.0.1:1"), 2), {
      now: new Date(Date.UTC(2026, 4, 1, 23)),
    });
    expect(file && existsSync(file)).toBe(true);
    expect(await bucketKeys()).not.toContain(`${PREFIX}${path.basename(file as string)}`);

    // The bucket answers again: the next run sends tonight's archive and the one left behind.
    const next = new Date(Date.UTC(2026, 4, 2, 23));
    await runNightlyBackup(nightly(dataDir, offsiteAt(endpoint), 5), { now: next });
    expect(await bucketKeys()).toEqual(
      expect.arrayContaining([
        `${PREFIX}${path.basename(file as string)}`,
        `${PREFIX}${backupFileName(next)}`,
      ]),
    );
    expect(existsSync(file as string)).toBe(true);
  },
  HEAVY,
);

test("the BACKUP_S3_* settings go together: a bucket without keys is refused clearly", () => {
  expect(() => parseEnv({ BACKUP_S3_BUCKET: "rifq-backups" })).toThrow(
    /BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY go together/,
  );
  expect(() => parseEnv({ BACKUP_S3_PREFIX: "../up" })).toThrow(/BACKUP_S3_PREFIX/);
  const env = parseEnv({
    DATA_DIR: workDir,
    BACKUP_S3_BUCKET: "b",
    BACKUP_S3_ACCESS_KEY_ID: "k",
    BACKUP_S3_SECRET_ACCESS_KEY: "s",
  });
  expect([env.BACKUP_S3_PREFIX, env.BACKUP_S3_KEEP]).toEqual(["rifq-backups/", 14]);
});
