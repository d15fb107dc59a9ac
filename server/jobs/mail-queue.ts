import { releaseMailClaims, renewMailLeases } from "~/models/mail-queue.server";
import {
  MAIL_HEARTBEAT_MS,
  MAIL_LEASE_MS,
  PROCESS_WORKER_ID,
  runMailQueueOnce,
} from "~/services/mail-delivery.server";
import { logger } from "~/utils/logger.server";

/** How often an idle process looks at the queue (a scheduled campaign starts within this). */
export const MAIL_QUEUE_IDLE_MS = 5_000;

/**
 * The outgoing-mail queue's worker in this process (docs/decisions/051): a pass, at once another
 * while batches come back full, else a pause. Every process runs one; the queue's row claims
 * keep them from sending a message twice. Each pass also lets go of a batch of rows finished more
 * than MAIL_RETENTION_DAYS ago (docs/decisions/062). Failures are logged, never thrown.
 *
 * Leases are short and renewed by a heartbeat while the process lives (docs/decisions/077): a
 * killed process's claimed rows go to another within MAIL_LEASE_MS and one idle pause. `stop()`
 * ends the pass in progress after the message being handed over (recorded before the process
 * ends) and gives the rest of its batch back to the queue at once.
 */
export function startMailQueue({
  idleMs = MAIL_QUEUE_IDLE_MS,
  batchSize = 50,
  workerId = PROCESS_WORKER_ID,
  leaseMs = MAIL_LEASE_MS,
  heartbeatMs = MAIL_HEARTBEAT_MS,
  ratePerMinute = undefined as number | undefined,
} = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  const heartbeat = setInterval(() => {
    renewMailLeases(workerId, leaseMs).catch((error) =>
      logger.warn({ err: error }, "mail queue heartbeat failed"),
    );
  }, heartbeatMs);
  heartbeat.unref();
  const tick = () => {
    running = runMailQueueOnce({
      workerId,
      batchSize,
      ratePerMinute,
      claimLeaseMs: leaseMs,
      sendLeaseMs: leaseMs,
      signal: stopping.signal,
    })
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
      stopping.abort();
      clearTimeout(timer);
      await running;
      clearInterval(heartbeat);
      const released = await releaseMailClaims(workerId).catch((error) => {
        logger.warn({ err: error }, "could not give back the mail queue's claimed rows");
        return 0;
      });
      if (released) logger.info({ released }, "mail queue: claimed rows given back");
    },
  };
}
