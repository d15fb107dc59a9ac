import { sendDueEventReminders } from "~/models/event-reminders.server";
import { logger } from "~/utils/logger.server";

/** How often each process looks for reminders that have come due. */
export const REMINDER_CHECK_MS = 5 * 60 * 1000;

/**
 * Sends the events' day-before reminders (docs/decisions/052) every few minutes; every process
 * may run it, as the claim skips rows another process holds. `stop()` waits for a pass.
 */
export function startEventReminders({ intervalMs = REMINDER_CHECK_MS } = {}) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sendDueEventReminders()
      .then((sent) => sent && logger.info({ sent }, "event reminders sent"))
      .catch((error) => logger.warn({ err: error }, "sending event reminders failed"));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
