import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../database/schema";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export type Database = NodePgDatabase<typeof schema>;

/** The channel that the content tables' triggers notify (database/migrations/0001). */
export const CHANGES_CHANNEL = "rifq_changes";

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** Calls `onPayload` for every NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve("database/migrations");

export function createPgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

export function createPostgresHandle(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", (error) => logger.error({ err: error }, "idle PostgreSQL client failed"));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several processes may start at once: one migrates, the others wait and find it done.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock(725000)");
        await migratePg(db, { migrationsFolder });
      } finally {
        await lock.query("select pg_advisory_unlock(725000)").catch(() => {});
        lock.release();
      }
    },
    async listen(channel, onPayload) {
      // LISTEN needs one dedicated connection for as long as we listen.
      const client = await pool.connect();
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload) onPayload(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        client.release();
      };
    },
    close: () => pool.end(),
  };
}

function createHandleFromEnv(): DatabaseHandle {
  const env = getEnv();
  if (env.DATABASE_URL) return createPostgresHandle(env.DATABASE_URL);
  const dataDir = path.join(env.DATA_DIR, "db");
  mkdirSync(dataDir, { recursive: true });
  return createPgliteHandle(new PGlite(dataDir));
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

/** The Drizzle database of this process; models are the only code that may use it. */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const instance = getDatabaseHandle().db;
    const value = Reflect.get(instance, property, instance);
    return typeof value === "function" ? value.bind(instance) : value;
  },
});

export async function isDatabaseHealthy(): Promise<boolean> {
  try {
    await getDatabaseHandle().db.execute("select 1");
    return true;
  } catch (error) {
    logger.error({ err: error }, "database health check failed");
    return false;
  }
}
