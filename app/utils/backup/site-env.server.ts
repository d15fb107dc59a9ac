import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { chmod } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "../db.server";
import { pgliteOptions } from "../embedded-database.server";
import type { Env } from "../env.server";
import { BackupError } from "./backup-error.server";
import { markerOf, processHoldingDataDir } from "./data-dir-lock.server";
import type { DatabaseSource } from "./dump.server";
import type { DatabaseTarget } from "./load.server";
import { createPrivateFolder, PRIVATE_FOLDER } from "./private-files.server";

// How the commands and the server find the database and the secret from the environment
// (app/utils/db.server.ts and env.server.ts decide the same places).

type SiteEnv = Pick<Env, "DATA_DIR" | "DATABASE_URL" | "AUTH_SECRET">;

export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, "db");
export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");

/** DATA_DIR/backups, made its owner's only: also when an older version made it open to all. */
export async function privateBackupsDir(dataDir: string): Promise<string> {
  const folder = backupsDir(dataDir);
  await createPrivateFolder(folder);
  await chmod(folder, PRIVATE_FOLDER);
  return folder;
}
const authSecretFile = (dataDir: string) => path.join(dataDir, "auth-secret");

export interface OpenedSource {
  source: DatabaseSource;
  close(): Promise<void>;
}

/**
 * The database for the backup command. The embedded one is opened only when no server holds
 * DATA_DIR: PGlite allows one process, and a second one could corrupt the live database.
 */
export async function openSourceForCommand(env: SiteEnv): Promise<OpenedSource> {
  if (env.DATABASE_URL)
    return { source: { kind: "postgres", url: env.DATABASE_URL }, close: async () => {} };
  const folder = embeddedDatabaseDir(env.DATA_DIR);
  if (!existsSync(folder) || readdirSync(folder).length === 0) {
    throw new BackupError(`لا توجد قاعدة بيانات في ${folder}؛ تحقق من DATA_DIR.`);
  }
  const pid = processHoldingDataDir(env.DATA_DIR);
  if (pid) {
    throw new BackupError(
      `الخادم يعمل الآن على ${env.DATA_DIR} (العملية ${pid}) وقاعدة البيانات المدمجة لا تُفتح من عمليتين دون خطر إتلافها. أوقف الخادم ثم أعد الأمر، أو فعّل BACKUP_NIGHTLY=true ليأخذ الخادم النسخة بنفسه كل ليلة. (إن لم يكن الخادم يعمل فاحذف الملف ${markerOf(env.DATA_DIR)}.)`,
    );
  }
  const client = new PGlite(folder, pgliteOptions());
  await client.waitReady;
  return { source: { kind: "pglite", client }, close: () => client.close() };
}

/**
 * The database as the running server sees it. The embedded database is copied first (PGlite's
 * own data-folder export, taken while no transaction is open) and the copy is dumped, so the
 * live instance never runs pg_dump's session commands between the site's own queries.
 */
export async function openSourceInServer(
  handle: DatabaseHandle,
  env: SiteEnv,
): Promise<OpenedSource> {
  if (handle.kind === "postgres") {
    if (!env.DATABASE_URL) throw new Error("a PostgreSQL handle without DATABASE_URL");
    return { source: { kind: "postgres", url: env.DATABASE_URL }, close: async () => {} };
  }
  const live = (handle.db as unknown as { $client: PGlite }).$client;
  const image = await live._runExclusiveTransaction(() => live.dumpDataDir("none"));
  const copy = await PGlite.create(pgliteOptions({ loadDataDir: image }));
  return { source: { kind: "pglite", client: copy }, close: () => copy.close() };
}

/** Where `npm run restore` writes: the PostgreSQL database, or a new PGlite in DATA_DIR/db. */
export function restoreTargetFromEnv(env: SiteEnv): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: embeddedDatabaseDir(env.DATA_DIR) };
}

/** The secret the site signs sessions with, when it is the one generated into DATA_DIR. */
export function generatedAuthSecret(env: SiteEnv): string | null {
  try {
    const stored = readFileSync(authSecretFile(env.DATA_DIR), "utf8").trim();
    return stored === env.AUTH_SECRET ? stored : null;
  } catch {
    return null;
  }
}

/**
 * After a restore: an embedded site without an AUTH_SECRET variable takes the archived secret
 * (sessions stay valid); otherwise the operator is told when the secrets differ.
 */
export function adoptAuthSecret(
  env: SiteEnv,
  archived: string | null,
  secretFromEnvironment: boolean,
): "adopted" | "differs" | "same" | "none" {
  if (!archived) return "none";
  if (!env.DATABASE_URL && !secretFromEnvironment) {
    writeFileSync(authSecretFile(env.DATA_DIR), archived, { mode: 0o600 });
    return "adopted";
  }
  return archived === env.AUTH_SECRET ? "same" : "differs";
}
