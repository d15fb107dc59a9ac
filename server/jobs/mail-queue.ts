import { runMailQueueOnce } from "~/services/mail-queue.server";
import { logger } from "~/utils/logger.server";

/** How often an idle process looks at the queue (a scheduled campaign starts within this). */
export const MAIL_QUEUE_IDLE_MS = 5_000;

/**
 * The outgoing-mail queue's worker in this process (docs/decisions/051): a pass, at once another
 * while batches come back full, else a pause. Every process runs one; the queue's row claims
 * keep them from sending a message twice. Each pass also lets go of a batch of rows finished more
 * than MAIL_RETENTION_DAYS ago (docs/decisions/062). Failures are logged, never thrown; `stop()`
 * waits for the pass in progress (its rows are recorded before the process ends).
 */
export function startMailQueue({ idleMs = MAIL_QUEUE_IDLE_MS, batchSize = 50 } = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runMailQueueOnce({ batchSize })
      .then((pass) => {
        if (pass.claimed || pass.expired) logger.info(pass, "mail queue pass");
        return pass.claimed >= batchSize ? 0 : idleMs;
      })
      .catch((error) => {
        logger.warn({ err: error }, "mail queue pass failed");
        return idleMs;
      })
      .then((delay) => {
        if (stopped) return;
        timer = setTimeout(tick, delay);
        timer.unref();
      });
  };
  timer = setTimeout(tick, 1_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
