import { announceDuePages } from "~/models/pages.server";
import { announceDuePosts } from "~/models/scheduled-posts.server";
import { now } from "~/utils/clock.server";
import { logger } from "~/utils/logger.server";

/** How often each process looks for scheduled posts that have come due. */
export const SCHEDULE_CHECK_MS = 5_000;

/**
 * Starts the per-process check that announces scheduled posts as they come due
 * (docs/decisions/031); `stop()` ends it. Failures are logged, never thrown.
 */
export function startScheduledPublishing({ intervalMs = SCHEDULE_CHECK_MS } = {}) {
  let checkedUpTo = now();
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const until = now();
    running = Promise.all([
      announceDuePosts(checkedUpTo, until),
      announceDuePages(checkedUpTo, until),
    ])
      .then(() => {
        checkedUpTo = until;
      })
      .catch((error) => logger.warn({ err: error }, "announcing scheduled posts failed"));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
