import { existsSync } from "node:fs";
import { chmod, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { BackupError } from "./backup-error.server";
import {
  AUTH_SECRET_FILE,
  DATABASE_FILE,
  MANIFEST_FILE,
  type Manifest,
  parseManifest,
  sha256,
  UPLOADS_FOLDER,
} from "./manifest.server";
import { createPrivateFolder, PRIVATE_FILE } from "./private-files.server";

/**
 * Packs a staged folder (manifest, dump, uploads) into one .tar.gz, readable by its owner only.
 * It is written beside the target and renamed at the end, so no one ever sees half an archive
 * under the final name.
 */
export async function packArchive(stagingDir: string, outFile: string): Promise<void> {
  if (existsSync(outFile)) throw new BackupError(`الملف موجود مسبقاً: ${outFile}`);
  await createPrivateFolder(path.dirname(outFile));
  const partial = `${outFile}.partial`;
  try {
    const entries = (await readdir(stagingDir)).sort();
    await tar.create(
      { gzip: true, file: partial, cwd: stagingDir, portable: true, mode: PRIVATE_FILE },
      entries,
    );
    // The mode given on creation passes through the umask (and a left-over partial keeps its own).
    await chmod(partial, PRIVATE_FILE);
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Unpacks an archive into `into` (an empty folder) and checks the dump, every upload and the
 * secret against the SHA-256 sums of its manifest. Answers the manifest only when all match
 * and the archive holds nothing the manifest does not list.
 */
export async function unpackVerifiedArchive(file: string, into: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`ملف النسخة الاحتياطية غير موجود: ${file}`);
  try {
    await tar.extract({
      file,
      cwd: into,
      strict: true,
      // Regular files and folders only: a link could point anywhere on this machine.
      filter: (_path, entry) => "type" in entry && ["File", "Directory"].includes(entry.type),
    });
  } catch (error) {
    throw new BackupError(`الملف ليس نسخة احتياطية سليمة من رفق (${(error as Error).message}).`);
  }
  const manifestPath = path.join(into, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    throw new BackupError("الملف ليس نسخة احتياطية من رفق: لا يحوي manifest.json.");
  }
  const manifest = parseManifest(await readFile(manifestPath, "utf8"));

  const expected = new Map<string, string>([[DATABASE_FILE, manifest.database.sha256]]);
  for (const stored of manifest.files) {
    expected.set(`${UPLOADS_FOLDER}/${stored.key}`, stored.sha256);
  }
  if (manifest.authSecret) expected.set(AUTH_SECRET_FILE, manifest.authSecret.sha256);

  const present = (await filesUnder(into)).filter((name) => name !== MANIFEST_FILE);
  const unlisted = present.filter((name) => !expected.has(name));
  if (unlisted.length) throw tampered(unlisted[0], "ملف لا يذكره manifest.json");
  for (const [name, sum] of expected) {
    const bytes = await readFile(path.join(into, name)).catch(() => null);
    if (!bytes) throw tampered(name, "ملف مفقود");
    if (sha256(bytes) !== sum) throw tampered(name, "لا يطابق بصمته في manifest.json");
  }
  return manifest;
}

const tampered = (name: string, reason: string) =>
  new BackupError(`النسخة الاحتياطية تالفة أو معدَّلة، لن تُستعاد: ${name} (${reason}).`);

/** Every regular file below `root`, as `/`-separated relative paths. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((name) => name.split(path.sep).join("/"));
}
