import {
  CHANGES_CHANNEL,
  ensureDatabaseReady,
  getDatabaseHandle,
  type ListenCallbacks,
} from "~/utils/db.server";

// The database as a whole, for the server process and the command-line tools: migrated before
// anything is served, pinged by /healthz, listened to for changes, closed at the end. server/**
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
