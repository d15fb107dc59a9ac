import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../database/schema";
import { openEmbeddedDatabase } from "./embedded-database.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { withTextDates } from "./pglite-text-dates.server";

export type Database = NodePgDatabase<typeof schema>;

/** The channel that the content tables' triggers notify (database/migrations/0001). */
export const CHANGES_CHANNEL = "rifq_changes";

/** What a LISTEN subscription reports (see `DatabaseHandle.listen`). */
export interface ListenCallbacks {
  /** Every NOTIFY payload on the channel. */
  onPayload(payload: string): void;
  /**
   * LISTEN is in place: once at first, then after every reconnect (`reconnected`), when
   * notifications sent while the connection was down have been lost.
   */
  onListening?(info: { reconnected: boolean }): void;
  /** The listening connection was lost; it is being re-established. */
  onLost?(error: unknown): void;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Listens to `channel` until the returned function is called, re-establishing the LISTEN
   * whenever its connection is lost. Never throws: failures are reported through `callbacks`.
   */
  listen(channel: string, callbacks: ListenCallbacks): () => Promise<void>;
  close(): Promise<void>;
  /** A PostgreSQL pool's connections (the metrics); absent for the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const migrationsFolder = path.resolve("database/migrations");

export function createPgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client: withTextDates(client), schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // An embedded database cannot lose its connection: LISTEN is set up once.
    listen(channel, { onPayload, onListening }) {
      const unlisten = client.listen(channel, onPayload).then((stop) => {
        onListening?.({ reconnected: false });
        return stop;
      });
      unlisten.catch((error) => logger.error({ err: error }, "PGlite LISTEN failed"));
      return () => unlisten.then((stop) => stop()).catch(() => {});
    },
    close: () => client.close(),
  };
}

/** A lost or refused connection is not waited on for ever (the default would). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A PostgreSQL database. `migrationsFolder` is the shipped one unless a test gives another (the
 * three-process start-up test adds a broken migration to a copy).
 */
export function createPostgresHandle(
  connectionString: string,
  { migrationsFolder: folder = migrationsFolder } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection that breaks while checked out (a transaction awaiting our code, the migration
  // lock) emits `error` with no listener of the pool's own, which would end the process: every
  // connection gets a listener for its whole life. The query in flight still fails as usual.
  // Once the handle is closed, a server ending what is left of its connections is no news.
  let closed = false;
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (!closed) logger.warn({ err: error }, "a PostgreSQL connection failed");
    });
  });
  // Idle connections' errors reach the pool too; the listener above has logged them already.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several processes may start at once: one migrates, the others wait and find it done.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock(725000)");
        // Drizzle applies the pending migrations in one transaction: one that fails leaves the
        // database as it was, and the processes already running keep serving it.
        await migratePg(db, { migrationsFolder: folder }).catch((error: unknown) => {
          const cause = error as Error & { cause?: Error };
          throw new Error(
            `Database migration failed, nothing was changed (the running processes keep serving the database as it was): ${cause.cause?.message ?? cause.message}`,
            { cause: error },
          );
        });
      } finally {
        await lock.query("select pg_advisory_unlock(725000)").catch(() => {});
        lock.release();
      }
    },
    listen: (channel, callbacks) => listenWithReconnect(connectionString, channel, callbacks),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => {
      closed = true;
      return pool.end();
    },
  };
}

/** Back-off between attempts to re-establish a lost LISTEN: 0.5 s doubling up to 15 s. */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 15_000;

/** The delay before attempt `attempt` (0-based), between half and all of the back-off step. */
export function listenRetryDelay(attempt: number, random = Math.random()): number {
  const step = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_FIRST_MS * 2 ** attempt);
  return step / 2 + (random * step) / 2;
}

/**
 * LISTEN on a connection of its own (not the pool's: it is held for as long as we listen).
 * When the server ends it (a restart, `pg_terminate_backend`, a network cut) the connection
 * is dropped and a new one is tried with back-off until LISTEN is in place again.
 */
function listenWithReconnect(
  connectionString: string,
  channel: string,
  { onPayload, onListening, onLost }: ListenCallbacks,
): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let hasListened = false;

  function retryLater() {
    if (stopped) return;
    const delay = listenRetryDelay(failedAttempts++);
    retry = setTimeout(connect, delay);
    retry.unref();
  }

  async function connect() {
    if (stopped) return;
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    current = client;
    let listening = false;
    let gone = false;
    const drop = (error: unknown) => {
      if (gone) return;
      gone = true;
      current = null;
      client.end().catch(() => {});
      if (stopped) return;
      if (listening) {
        logger.warn({ err: error }, "realtime LISTEN connection lost; reconnecting");
        onLost?.(error);
      } else {
        logger.warn(
          { err: error, attempt: failedAttempts + 1 },
          "realtime LISTEN failed; retrying",
        );
      }
      retryLater();
    };
    // Stays attached: a dropped connection may still emit errors, and none may go unheard.
    client.on("error", drop);
    client.on("end", () => drop(new Error("the LISTEN connection ended")));
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (gone) return;
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    listening = true;
    failedAttempts = 0;
    if (hasListened) logger.info("realtime LISTEN re-established");
    onListening?.({ reconnected: hasListened });
    hasListened = true;
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

function createHandleFromEnv(): DatabaseHandle {
  const env = getEnv();
  if (env.DATABASE_URL) return createPostgresHandle(env.DATABASE_URL);
  return createPgliteHandle(openEmbeddedDatabase(path.join(env.DATA_DIR, "db")));
}

// Kept on globalThis so that the dev server's module reloads never open PGlite twice.
const globalStore = globalThis as typeof globalThis & {
  __rifqDatabase?: DatabaseHandle;
  __rifqDatabaseReady?: Promise<void>;
};

export function getDatabaseHandle(): DatabaseHandle {
  globalStore.__rifqDatabase ??= createHandleFromEnv();
  return globalStore.__rifqDatabase;
}

/** Replaces the database (tests give each file a fresh one). */
export function installDatabase(handle: DatabaseHandle) {
  globalStore.__rifqDatabase = handle;
  globalStore.__rifqDatabaseReady = undefined;
}

/** Applies pending migrations once per process. */
export function ensureDatabaseReady(): Promise<void> {
  globalStore.__rifqDatabaseReady ??= getDatabaseHandle().migrate();
  return globalStore.__rifqDatabaseReady;
}

/**
 * The transaction a staff write runs in (`inOneTransaction`), while it is open: every query of
 * that async context goes through it, so the write and its audit row commit together whatever
 * the model does (its own `db.transaction` becomes a savepoint). Cleared when the transaction
 * ends, so work the write left running (an e-mail sent after commit) uses the database again.
 */
const ambientTransaction = new AsyncLocalStorage<{ tx: Database | null }>();

/**
 * Runs `run` in one transaction that every `db` query inside it joins (docs/decisions/075); an
 * inner call joins the outer transaction.
 */
export async function inOneTransaction<T>(run: (tx: Database) => Promise<T>): Promise<T> {
  const open = ambientTransaction.getStore()?.tx;
  if (open) return run(open);
  return getDatabaseHandle().db.transaction(async (tx) => {
    const store: { tx: Database | null } = { tx: tx as unknown as Database };
    try {
      return await ambientTransaction.run(store, () => run(tx as unknown as Database));
    } finally {
      store.tx = null;
    }
  });
}

/** The Drizzle database of this process (or the open staff write's transaction); models are the only code that may use it. */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const instance = ambientTransaction.getStore()?.tx ?? getDatabaseHandle().db;
    const value = Reflect.get(instance, property, instance);
    return typeof value === "function" ? value.bind(instance) : value;
  },
});
