import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Storage } from "../storage.server";
import { packArchive } from "./archive.server";
import { type DatabaseSource, dumpDatabase } from "./dump.server";
import {
  AUTH_SECRET_FILE,
  DATABASE_FILE,
  FORMAT_VERSION,
  MANIFEST_FILE,
  type Manifest,
  sha256,
} from "./manifest.server";
import { createPrivateFolder } from "./private-files.server";
import { copyUploadsOut } from "./uploads.server";

export interface BackupOptions {
  database: DatabaseSource;
  storage: Storage;
  outFile: string;
  /** The generated secret of an embedded site, so sessions and encrypted fields survive a move. */
  authSecret?: string | null;
  now?: Date;
}

/**
 * Writes one archive: the SQL dump, every upload and a manifest with row counts and SHA-256
 * sums. The database is dumped first, then the files are copied (a file uploaded in between
 * is in storage but not yet in any row, so nothing in the archive points at a missing file
 * except one deleted in those seconds).
 */
export async function createBackup(
  options: BackupOptions,
): Promise<{ file: string; manifest: Manifest }> {
  const outFile = path.resolve(options.outFile);
  await createPrivateFolder(path.dirname(outFile));
  const staging = await mkdtemp(path.join(path.dirname(outFile), ".rifq-backup-"));
  try {
    const dump = await dumpDatabase(options.database);
    await writeFile(path.join(staging, DATABASE_FILE), dump.sql);
    const files = await copyUploadsOut(options.storage, staging);
    if (options.authSecret) {
      await writeFile(path.join(staging, AUTH_SECRET_FILE), options.authSecret, { mode: 0o600 });
    }
    const manifest: Manifest = {
      format: "rifq-backup",
      version: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      source: { kind: dump.kind, serverVersion: dump.serverVersion },
      database: {
        file: DATABASE_FILE,
        sha256: sha256(dump.sql),
        bytes: Buffer.byteLength(dump.sql),
      },
      tables: dump.rowCounts,
      files,
      authSecret: options.authSecret
        ? { file: AUTH_SECRET_FILE, sha256: sha256(options.authSecret) }
        : null,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await packArchive(staging, outFile);
    return { file: outFile, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
