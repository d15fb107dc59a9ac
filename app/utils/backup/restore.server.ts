import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Storage } from "../storage.server";
import { unpackVerifiedArchive } from "./archive.server";
import { assertEmptyTarget, type DatabaseTarget, loadDump } from "./load.server";
import { AUTH_SECRET_FILE, DATABASE_FILE, type Manifest } from "./manifest.server";
import { copyUploadsIn, planUploadsRestore } from "./uploads.server";

export interface RestoreResult {
  manifest: Manifest;
  filesCopied: number;
  filesAlreadyThere: number;
  /** The embedded site's generated session secret, when the archive carries one. */
  authSecret: string | null;
}

/**
 * Restores an archive into an empty target, in an order that never leaves a half-restored
 * site that a second attempt would refuse: verify every checksum → check the database target
 * is empty and no stored file would be overwritten → copy the files (idempotent) → load the
 * dump in one transaction that compares the row counts with the manifest before committing.
 */
export async function restoreBackup(options: {
  archive: string;
  target: DatabaseTarget;
  storage: Storage;
}): Promise<RestoreResult> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "rifq-restore-"));
  try {
    const manifest = await unpackVerifiedArchive(path.resolve(options.archive), workDir);
    await assertEmptyTarget(options.target);
    const uploads = await planUploadsRestore(options.storage, manifest.files);
    await copyUploadsIn(options.storage, workDir, uploads.toCopy);
    const sql = await readFile(path.join(workDir, DATABASE_FILE), "utf8");
    await loadDump(options.target, sql, manifest.tables);
    return {
      manifest,
      filesCopied: uploads.toCopy.length,
      filesAlreadyThere: uploads.alreadyThere.length,
      authSecret: manifest.authSecret
        ? await readFile(path.join(workDir, AUTH_SECRET_FILE), "utf8")
        : null,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
