import { and, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { eventRegistrations, events } from "../../database/schema";
import { registrantMail } from "./event-mails.server";
import { publicEvents } from "./events.server";
import { enqueueMail } from "./mail-queue.server";

// The day-before reminder (docs/decisions/052): claimed here, sent by the durable mail queue
// (docs/decisions/051), once per registration (its dedupe key).

/** A reminder is due from this long before the event starts. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Claims the due reminders (confirmed registrations with an address, of published events that
 * start within a day) and marks them in one statement: `FOR UPDATE SKIP LOCKED`, so several
 * processes never claim one twice; then puts each on the mail queue in the same transaction,
 * keyed by the registration, so a reminder is queued exactly once and the queue's worker sends
 * it (with its retries). Answers how many were queued.
 */
export async function sendDueEventReminders(at = now()): Promise<number> {
  let queued = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(
          and(
            eq(eventRegistrations.status, "confirmed"),
            isNotNull(eventRegistrations.email),
            isNull(eventRegistrations.reminderSentAt),
            publicEvents(),
            gt(events.startsAt, at),
            lte(events.startsAt, new Date(at.getTime() + REMINDER_LEAD_MS)),
          ),
        )
        .limit(BATCH)
        .for("update", { of: eventRegistrations, skipLocked: true });
      const rows = await tx
        .update(eventRegistrations)
        .set({ reminderSentAt: at })
        .where(inArray(eventRegistrations.id, due))
        .returning();
      if (!rows.length) return rows;
      const eventIds = [...new Set(rows.map((row) => row.eventId))];
      const details = await tx.select().from(events).where(inArray(events.id, eventIds));
      for (const registration of rows) {
        const event = details.find((row) => row.id === registration.eventId);
        const mail = event && registrantMail("reminder", event, registration);
        if (!mail) continue;
        await enqueueMail(
          { kind: "event-reminder", ...mail, dedupeKey: `event-reminder:${registration.id}` },
          tx,
        );
      }
      return rows;
    });
    queued += claimed.length;
    if (claimed.length < BATCH) return queued;
  }
}
