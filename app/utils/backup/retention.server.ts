import { readdir, rm } from "node:fs/promises";
import path from "node:path";

// Backups are named by their UTC time, so the name sorts them and tells their age.
const NAME = /^rifq-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** `rifq-20260105T230000Z.tar.gz` for 2026-01-05 23:00:00 UTC. */
export function backupFileName(at: Date): string {
  return `rifq-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")}.tar.gz`;
}

/** The names among `names` that are our archives, newest first (others are left alone). */
export function backupsNewestFirst(names: string[]): string[] {
  return names
    .filter((name) => NAME.test(name))
    .sort()
    .reverse();
}

/** The backups in `folder`, newest first (other files are not ours and are left alone). */
export async function listBackups(folder: string): Promise<string[]> {
  return backupsNewestFirst(await readdir(folder).catch(() => [] as string[]));
}

/** When the newest backup in `folder` was made, or null when there is none. */
export async function newestBackupTime(folder: string): Promise<Date | null> {
  const [newest] = await listBackups(folder);
  const parts = newest && NAME.exec(newest);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts.map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** Deletes all but the newest `keep` backups; answers the names removed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const removed = (await listBackups(folder)).slice(keep);
  for (const name of removed) await rm(path.join(folder, name), { force: true });
  return removed;
}
