import { type ParseArgsConfig, parseArgs } from "node:util";
import { BackupError } from "./backup-error.server";
import type { Manifest } from "./manifest.server";

/** "الجداول: 14، الصفوف: 230، الملفات المرفوعة: 9 (1.4 ميغابايت)": what an archive holds. */
export function describeContents(manifest: Manifest): string {
  const tables = Object.keys(manifest.tables).length;
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const megabytes = (bytes / 1024 / 1024).toFixed(2);
  return `الجداول: ${tables}، الصفوف: ${rows}، الملفات المرفوعة: ${manifest.files.length} (${megabytes} ميغابايت)`;
}

/**
 * Runs a command's work: a BackupError prints its Arabic message and exits with status 1;
 * anything else is a bug and keeps its stack trace.
 */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

/** Reads the command line; an unknown option or a wrong number of files shows `usage`. */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  positionals = 0,
): ReturnType<typeof parseArgs<T>> {
  try {
    const parsed = parseArgs(config);
    if (parsed.positionals.length === positionals) return parsed;
  } catch {
    // reported below
  }
  throw new BackupError(`الاستعمال: ${usage}`);
}
