import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Storage } from "../storage.server";
import { BackupError } from "./backup-error.server";
import { type StoredFile, sha256, UPLOADS_FOLDER } from "./manifest.server";

const fileIn = (folder: string, key: string) =>
  path.join(folder, UPLOADS_FOLDER, ...key.split("/"));

/**
 * Copies every stored upload into `folder/uploads/<key>` and answers the manifest entries.
 * A file removed between listing and reading (an editor deleting an image) is skipped.
 */
export async function copyUploadsOut(storage: Storage, folder: string): Promise<StoredFile[]> {
  const copied: StoredFile[] = [];
  for (const key of await storage.list()) {
    const file = await storage.get(key);
    if (!file) continue;
    const target = fileIn(folder, key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.body);
    copied.push({
      key,
      sha256: sha256(file.body),
      bytes: file.body.length,
      contentType: file.contentType,
    });
  }
  return copied;
}

export interface UploadsPlan {
  toCopy: StoredFile[];
  /** Already in the target storage with the same bytes (moving a site keeps its uploads). */
  alreadyThere: StoredFile[];
}

/** Which archived files the target storage still needs; refuses to overwrite different files. */
export async function planUploadsRestore(
  storage: Storage,
  files: StoredFile[],
): Promise<UploadsPlan> {
  const plan: UploadsPlan = { toCopy: [], alreadyThere: [] };
  const conflicts: string[] = [];
  for (const stored of files) {
    const existing = await storage.get(stored.key);
    if (!existing) plan.toCopy.push(stored);
    else if (sha256(existing.body) === stored.sha256) plan.alreadyThere.push(stored);
    else conflicts.push(stored.key);
  }
  if (conflicts.length) {
    throw new BackupError(
      `في مخزن الملفات الهدف ملفات بالأسماء نفسها ومحتوى مختلف (عددها ${conflicts.length}، منها ${conflicts[0]})؛ لن يُستبدل شيء، استعمل مخزناً فارغاً.`,
    );
  }
  return plan;
}

/** Writes the planned files from the unpacked archive into the target storage. */
export async function copyUploadsIn(storage: Storage, folder: string, files: StoredFile[]) {
  for (const stored of files) {
    await storage.put(stored.key, await readFile(fileIn(folder, stored.key)), stored.contentType);
  }
}
