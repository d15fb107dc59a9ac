import { trimAuditLog } from "~/models/audit-log.server";
import { deleteRegistrationsOfEventsEndedBefore } from "~/models/event-registrations.server";
import { deleteExpiredSubscriptions } from "~/models/newsletter.server";
import { clearSurveyContactsOlderThan } from "~/models/surveys.server";
import { deleteVolunteersOlderThan } from "~/models/volunteers.server";
import { EVENT_REGISTRATION_RETENTION_DAYS } from "~/shared/events";
import { getEnv } from "~/utils/env.server";
import { DAY_MS, startDailyJob } from "./daily-job";

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
  // The audit log's rows past AUDIT_RETENTION_DAYS: its only deletion (docs/decisions/075).
  const auditRows = await trimAuditLog(getEnv().AUDIT_RETENTION_DAYS, now);
  return { volunteers, surveyContacts, subscriptions, eventRegistrations, auditRows };
}

/** The retention rules a minute after start and then once a day in the server process. */
export const startOutreachRetention = (options?: { firstRunDelayMs?: number }) =>
  startDailyJob("outreach retention", () => applyOutreachRetention(), options);
