import { and, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { eventRegistrations, events } from "../../database/schema";
import { mailRegistrant } from "./event-mails.server";

// The day-before reminder, kept in this one module so that it can move onto the durable mail
// queue (issue 24) as it is: claim, then hand each message over (docs/decisions/052).

/** A reminder is due from this long before the event starts. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Claims the due reminders (confirmed registrations with an address, of published events that
 * start within a day) and marks them sent in one statement: `FOR UPDATE SKIP LOCKED`, so several
 * processes never claim one twice; then sends them. A message that fails is unmarked to be
 * tried again next pass; a process that dies between the claim and the send loses that
 * reminder (at most one, never two). Answers how many were sent.
 */
export async function sendDueEventReminders(at = now()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = db
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(
        and(
          eq(eventRegistrations.status, "confirmed"),
          isNotNull(eventRegistrations.email),
          isNull(eventRegistrations.reminderSentAt),
          eq(events.status, "published"),
          gt(events.startsAt, at),
          lte(events.startsAt, new Date(at.getTime() + REMINDER_LEAD_MS)),
        ),
      )
      .limit(BATCH)
      .for("update", { of: eventRegistrations, skipLocked: true });
    const claimed = await db
      .update(eventRegistrations)
      .set({ reminderSentAt: at })
      .where(inArray(eventRegistrations.id, due))
      .returning();
    if (!claimed.length) return sent;
    const eventIds = [...new Set(claimed.map((row) => row.eventId))];
    const details = await db.select().from(events).where(inArray(events.id, eventIds));
    for (const registration of claimed) {
      const event = details.find((row) => row.id === registration.eventId);
      if (!event) continue;
      try {
        await mailRegistrant("reminder", event, registration);
        sent++;
      } catch (error) {
        logger.warn({ err: error }, "an event reminder could not be sent; it will be tried again");
        await db
          .update(eventRegistrations)
          .set({ reminderSentAt: null })
          .where(eq(eventRegistrations.id, registration.id));
        return sent;
      }
    }
    if (claimed.length < BATCH) return sent;
  }
}
