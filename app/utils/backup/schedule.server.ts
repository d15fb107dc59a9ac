import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, getDatabaseHandle } from "../db.server";
import { type Env, getEnv } from "../env.server";
import { logger } from "../logger.server";
import { getStorage, type Storage } from "../storage.server";
import { createBackup } from "./create-backup.server";
import { holdDataDir } from "./data-dir-lock.server";
import { type OffsiteBackups, offsiteTargetFromEnv, sendBackupsOffsite } from "./offsite.server";
import { backupFileName, newestBackupTime, pruneBackups } from "./retention.server";
import { generatedAuthSecret, openSourceInServer, privateBackupsDir } from "./site-env.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 02:00 in Riyadh. Saudi Arabia keeps UTC+3 all year (no daylight saving): 23:00 UTC. */
const NIGHTLY_UTC_HOUR = 23;
/** Only one process of a multi-process deployment makes the nightly backup. */
const NIGHTLY_LOCK_KEY = 725001;

const globalStore = globalThis as typeof globalThis & { __rifqBackupTimers?: Set<NodeJS.Timeout> };

/** The next 02:00 Asia/Riyadh strictly after `now`. */
export function nextNightlyRun(now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(NIGHTLY_UTC_HOUR, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export interface NightlyContext {
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL" | "AUTH_SECRET" | "BACKUP_KEEP">;
  handle: DatabaseHandle;
  storage: Storage;
  /** The bucket each new archive is also sent to (BACKUP_S3_*), keeping `keep` there. */
  offsite?: { backups: OffsiteBackups; keep: number } | null;
}

/**
 * One nightly run: under a PostgreSQL advisory lock (other processes skip while one holds it),
 * and only when the newest backup is older than `dueAfterMs` (a process that starts just after
 * another finished finds it done). Writes into DATA_DIR/backups and keeps the newest
 * BACKUP_KEEP; then sends it off the machine when `offsite` is set (a failed upload is logged and
 * tried again at the next run). Answers the archive written, or null when skipped.
 */
export async function runNightlyBackup(
  context: NightlyContext,
  { now = new Date(), dueAfterMs = HOUR }: { now?: Date; dueAfterMs?: number } = {},
): Promise<string | null> {
  const { env } = context;
  return withNightlyLock(env.DATABASE_URL, async () => {
    const folder = await privateBackupsDir(env.DATA_DIR);
    const newest = await newestBackupTime(folder);
    if (newest && now.getTime() - newest.getTime() < dueAfterMs) return null;
    const opened = await openSourceInServer(context.handle, env);
    try {
      const { file, manifest } = await createBackup({
        database: opened.source,
        storage: context.storage,
        outFile: path.join(folder, backupFileName(now)),
        authSecret: generatedAuthSecret(env),
        now,
      });
      const removed = await pruneBackups(folder, env.BACKUP_KEEP);
      logger.info({ file, files: manifest.files.length, removed }, "nightly backup written");
      if (context.offsite) {
        await sendBackupsOffsite(context.offsite.backups, folder, context.offsite.keep);
      }
      return file;
    } finally {
      await opened.close();
    }
  });
}

async function withNightlyLock<T>(
  databaseUrl: string | undefined,
  run: () => Promise<T | null>,
): Promise<T | null> {
  // The embedded database belongs to this one process: there is nobody to race.
  if (!databaseUrl) return run();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", (error) => logger.warn({ err: error }, "nightly backup lock connection lost"));
  await client.connect();
  try {
    const { rows } = await client.query("select pg_try_advisory_lock($1) as locked", [
      NIGHTLY_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      logger.info("another process is making the nightly backup");
      return null;
    }
    return await run();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

/**
 * What the server starts: it marks an embedded DATA_DIR as held (the backup command then
 * refuses to open it) and, with BACKUP_NIGHTLY=true, backs up every night at 02:00 Riyadh time
 * and once soon after start when the newest backup is older than a day. Failures are logged,
 * never thrown. `stop()` waits for a backup in progress.
 */
export function startServerBackups(
  options: Partial<NightlyContext> & {
    env?: NightlyContext["env"] & Pick<Env, "BACKUP_NIGHTLY">;
    catchUpDelayMs?: number;
  } = {},
) {
  const env = options.env ?? getEnv();
  const release = env.DATABASE_URL ? () => {} : holdDataDir(env.DATA_DIR);
  const timers = new Set<NodeJS.Timeout>();
  // The development server runs server/app.ts again after an edit: one schedule per process.
  globalStore.__rifqBackupTimers?.forEach(clearTimeout);
  globalStore.__rifqBackupTimers = timers;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const run = (dueAfterMs: number) => {
    if (stopped) return;
    const context = {
      env,
      handle: options.handle ?? getDatabaseHandle(),
      storage: options.storage ?? getStorage(),
      offsite: options.offsite === undefined ? offsiteTargetFromEnv(getEnv()) : options.offsite,
    };
    running = running
      .then(() => runNightlyBackup(context, { dueAfterMs }))
      .catch((error) => logger.error({ err: error }, "nightly backup failed"));
  };
  const after = (delayMs: number, task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };
  const scheduleNight = () =>
    after(nextNightlyRun(new Date()).getTime() - Date.now(), () => {
      run(HOUR);
      scheduleNight();
    });

  if (env.BACKUP_NIGHTLY) {
    after(options.catchUpDelayMs ?? 60_000, () => run(DAY));
    scheduleNight();
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await running;
      release();
    },
  };
}
