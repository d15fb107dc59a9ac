import { deleteRegistrationsOfEventsEndedBefore } from "~/models/event-registrations.server";
import { deleteExpiredSubscriptions } from "~/models/newsletter.server";
import { clearSurveyContactsOlderThan } from "~/models/surveys.server";
import { deleteVolunteersOlderThan } from "~/models/volunteers.server";
import { EVENT_REGISTRATION_RETENTION_DAYS } from "~/shared/events";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * One pass of the retention rules (docs/decisions/022): volunteer registrations untouched for
 * OUTREACH_RETENTION_MONTHS are deleted, survey answers that old lose their name and number
 * (the ratings stay), unconfirmed newsletter addresses go when their link expires. Every
 * process may run it: the statements are idempotent.
 */
export async function applyOutreachRetention(
  now = new Date(),
  months = getEnv().OUTREACH_RETENTION_MONTHS,
) {
  const cutoff = monthsBefore(now, months);
  const [volunteers, surveyContacts, subscriptions] = await Promise.all([
    deleteVolunteersOlderThan(cutoff),
    clearSurveyContactsOlderThan(cutoff),
    deleteExpiredSubscriptions(now),
  ]);
  // Event registrations go EVENT_REGISTRATION_RETENTION_DAYS after their event ended (decision 052).
  const eventRegistrations = await deleteRegistrationsOfEventsEndedBefore(
    new Date(now.getTime() - EVENT_REGISTRATION_RETENTION_DAYS * DAY_MS),
  );
  return { volunteers, surveyContacts, subscriptions, eventRegistrations };
}

const globalStore = globalThis as typeof globalThis & { __rifqRetentionTimer?: NodeJS.Timeout };

/**
 * Runs the retention rules a minute after start and then once a day in the server process.
 * Failures are logged, never thrown; `stop()` waits for a pass in progress.
 */
export function startOutreachRetention({ firstRunDelayMs = 60_000 } = {}) {
  // The development server runs server/app.ts again after an edit: one timer per process.
  clearTimeout(globalStore.__rifqRetentionTimer);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = (delayMs: number) => {
    const timer = setTimeout(() => {
      running = applyOutreachRetention()
        .then((removed) => logger.info(removed, "outreach retention applied"))
        .catch((error) => logger.warn({ err: error }, "outreach retention failed"))
        .finally(() => {
          if (!stopped) schedule(DAY_MS);
        });
    }, delayMs);
    timer.unref();
    globalStore.__rifqRetentionTimer = timer;
  };
  schedule(firstRunDelayMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(globalStore.__rifqRetentionTimer);
      await running;
    },
  };
}
