import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  CHANGES_CHANNEL,
  ensureDatabaseReady,
  getDatabaseHandle,
  type ListenCallbacks,
} from "~/utils/db.server";

// The database as a whole, for the server process and the command-line tools: migrated before
// anything is served, pinged by /readyz, listened to for changes, closed at the end. server/**
// and scripts/** reach the database only through models; this is the part that is no table
// (docs/decisions/043).

export type { ListenCallbacks };

/** Applies pending migrations, once per process. */
export function prepareDatabase(): Promise<void> {
  return ensureDatabaseReady();
}

/** Closes this process's database (its pool, or the embedded PGlite). */
export function closeDatabase(): Promise<void> {
  return getDatabaseHandle().close();
}

/**
 * How many shipped migrations (database/migrations' journal) the database has not applied:
 * `npm run doctor`'s check. The server applies them at start-up.
 */
export async function pendingMigrations(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.resolve("database/migrations/meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  const result = await getDatabaseHandle().db.execute(
    `select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const applied = Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
  return Math.max(0, journal.entries.length - applied);
}

/** The PostgreSQL pool's connections, or null on the embedded database (the metrics). */
export function databasePoolStats() {
  return getDatabaseHandle().poolStats?.() ?? null;
}

/** Whether the database answers `select 1` within `timeoutMs`; never throws. */
export async function pingDatabase(timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = getDatabaseHandle()
    .db.execute("select 1")
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Listens to what the content tables' triggers and the scheduler announce (database/migrations,
 * `ChannelEvent`), re-establishing the LISTEN when its connection is lost, until the returned
 * function is called. Never throws: failures reach `callbacks`.
 */
export function listenForChanges(callbacks: ListenCallbacks): () => Promise<void> {
  return getDatabaseHandle().listen(CHANGES_CHANNEL, callbacks);
}
