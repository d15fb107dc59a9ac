import { logger } from "~/utils/logger.server";

export const DAY_MS = 24 * 60 * 60 * 1000;

const globalStore = globalThis as typeof globalThis & {
  __rifqDailyTimers?: Map<string, NodeJS.Timeout>;
};

/**
 * Runs `pass` a while after start and then once a day in the server process (the retention
 * jobs: each pass is idempotent, so every process may run it). Failures are logged, never
 * thrown; `stop()` waits for a pass in progress.
 */
export function startDailyJob(
  name: string,
  pass: () => Promise<unknown>,
  { firstRunDelayMs = 60_000 } = {},
) {
  // The development server runs server/app.ts again after an edit: one timer per job and process.
  globalStore.__rifqDailyTimers ??= new Map();
  const timers = globalStore.__rifqDailyTimers;
  clearTimeout(timers.get(name));
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = (delayMs: number) => {
    const timer = setTimeout(() => {
      running = pass()
        .then((done) => logger.info(done, `${name} applied`))
        .catch((error) => logger.warn({ err: error }, `${name} failed`))
        .finally(() => {
          if (!stopped) schedule(DAY_MS);
        });
    }, delayMs);
    timer.unref();
    timers.set(name, timer);
  };
  schedule(firstRunDelayMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timers.get(name));
      await running;
    },
  };
}
