import { and, asc, eq, lt, ne, sql } from "drizzle-orm";
import { ConflictError, InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import type { RegistrationStatus } from "~/shared/events";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { isUuid, violatedUniqueConstraint } from "~/utils/db-helpers.server";
import { logger } from "~/utils/logger.server";
import { registrationIdOf, registrationToken } from "~/utils/registration-token.server";
import { eventRegistrations, events } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";
import {
  type MailedEvent,
  mailRegistrant,
  type RegistrationMail,
  registrantMail,
} from "./event-mails.server";
import { enqueueMail } from "./mail-queue.server";
import { consumeMailToAddress } from "./rate-limits.server";

// Registrations for events (docs/decisions/052). Seats are counted in attendees and kept on the
// event row (`seats_taken`), which every change of a confirmed registration locks first: two
// registrations for the last seat wait for each other, and exactly one gets it.

export type Registration = typeof eventRegistrations.$inferSelect;
type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

export const REGISTRATION_CLOSED = "التسجيل في هذه الفعالية مغلق";
export const EVENT_STARTED = "بدأت هذه الفعالية أو انتهت، فلم يعد التسجيل فيها ممكناً";
/** The partial unique index: one registration per event and number, cancelled ones aside. */
const ONE_PER_PHONE = "event_registrations_event_phone_active_idx";
const notFound = () => new NotFoundError("التسجيل غير موجود");
const eventNotFound = () => new NotFoundError("الفعالية غير موجودة");

/** What the public registration form sends (the route's schema checked and normalised it). */
export interface RegistrationInput {
  fullName: string;
  phone: string;
  email?: string;
  attendees: number;
}

const mailedColumns = {
  slug: events.slug,
  title: events.title,
  startsAt: events.startsAt,
  place: events.place,
  mapUrl: events.mapUrl,
};

/** Locks the event row: every change to its seats goes through this lock, one at a time. */
async function lockEvent(tx: Transaction, eventId: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  return event ?? null;
}

const moveSeats = (tx: Transaction, eventId: string, by: number) =>
  tx
    .update(events)
    .set({ seatsTaken: sql`${events.seatsTaken} + ${by}` })
    .where(eq(events.id, eventId));

/**
 * Gives freed seats to the waiting list, oldest first; a group larger than the seats left
 * waits while smaller ones behind it may go in. Answers who moved up.
 */
async function promoteWaiting(tx: Transaction, eventId: string) {
  const event = await lockEvent(tx, eventId);
  if (!event) return [];
  let free = event.capacity - event.seatsTaken;
  if (free <= 0) return [];
  const waiting = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "waiting")))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id))
    .limit(500);
  const promoted: Registration[] = [];
  for (const registration of waiting) {
    if (registration.attendees > free) continue;
    const [row] = await tx
      .update(eventRegistrations)
      .set({ status: "confirmed", updatedAt: new Date() })
      .where(eq(eventRegistrations.id, registration.id))
      .returning();
    promoted.push(row);
    free -= registration.attendees;
    if (free === 0) break;
  }
  const taken = promoted.reduce((sum, row) => sum + row.attendees, 0);
  if (taken) await moveSeats(tx, eventId, taken);
  return promoted;
}

async function mailAll(kind: RegistrationMail, event: MailedEvent | null, rows: Registration[]) {
  if (!event) return;
  for (const row of rows) {
    await mailRegistrant(kind, event, row).catch((error) =>
      logger.warn({ err: error, kind }, "an event registration e-mail could not be sent"),
    );
  }
}

const mailedEvent = async (eventId: string): Promise<MailedEvent | null> =>
  (await db.select(mailedColumns).from(events).where(eq(events.id, eventId)))[0] ?? null;

/**
 * The earlier registration's own link goes again, to the address stored with it (never to one
 * typed now), at most once a day per registration: typing someone's number repeatedly neither
 * hands over their link nor fills their inbox.
 */
async function resendRegistrationLink(eventId: string, earlier: Registration) {
  const event = await mailedEvent(eventId);
  const mail = event && registrantMail("link", event, earlier);
  if (!mail || !(await consumeMailToAddress(mail.to))) return;
  const day = now().toISOString().slice(0, 10);
  await enqueueMail({ kind: "event-link", ...mail, dedupeKey: `event-link:${earlier.id}:${day}` });
}

/**
 * A visitor registers for a published event whose registration is open and which has not
 * started: confirmed when the seats suffice, else on the waiting list. Answers the registration
 * and its token (its own page's secret); the confirmation e-mail goes when an address was given.
 * A number already registered (and not cancelled) for the event adds nothing: its registration's
 * link goes again to the address stored with it, and the answer is null — never a refusal that
 * would tell whoever typed the number that it is registered (docs/decisions/066).
 */
export async function registerForEvent(
  eventId: string,
  input: RegistrationInput,
): Promise<{ registration: Registration; token: string } | null> {
  if (!isUuid(eventId)) throw eventNotFound();
  const outcome = await db
    .transaction(async (tx): Promise<{ earlier: Registration } | { row: Registration }> => {
      const event = await lockEvent(tx, eventId);
      if (event?.status !== "published") throw eventNotFound();
      if (!event.registrationOpen) throw new ConflictError(REGISTRATION_CLOSED);
      if (event.startsAt <= now()) throw new ConflictError(EVENT_STARTED);
      if (input.attendees > event.capacity) {
        throw new InvalidInputError(
          `عدد المقاعد كلها ${event.capacity}، اختر عدداً أقل`,
          "attendees",
        );
      }
      // The event's lock orders registrations for it: this read sees every earlier one.
      const [earlier] = await tx
        .select()
        .from(eventRegistrations)
        .where(
          and(
            eq(eventRegistrations.eventId, eventId),
            eq(eventRegistrations.phone, input.phone),
            ne(eventRegistrations.status, "cancelled"),
          ),
        )
        .limit(1);
      if (earlier) return { earlier };
      const fits = event.seatsTaken + input.attendees <= event.capacity;
      const status: RegistrationStatus = fits ? "confirmed" : "waiting";
      const [inserted] = await tx
        .insert(eventRegistrations)
        .values({
          eventId,
          fullName: input.fullName,
          phone: input.phone,
          email: input.email ?? null,
          attendees: input.attendees,
          status,
        })
        .returning();
      if (fits) await moveSeats(tx, eventId, input.attendees);
      return { row: inserted };
    })
    .catch((error) => {
      // The unique index is the last guard (the whole transaction, seats included, rolled back):
      // another request with this number got in first, and it mails the owner itself.
      if (violatedUniqueConstraint(error) === ONE_PER_PHONE) return null;
      throw error;
    });
  if (!outcome) return null;
  if ("earlier" in outcome) {
    await resendRegistrationLink(eventId, outcome.earlier).catch((error) =>
      logger.warn({ err: error }, "an event registration link could not be queued"),
    );
    return null;
  }
  const row = outcome.row;
  if (row.email && (await consumeMailToAddress(row.email))) {
    await mailAll(
      row.status === "confirmed" ? "confirmed" : "waiting",
      await mailedEvent(eventId),
      [row],
    );
  }
  return { registration: row, token: registrationToken(row.id) };
}

/** A registration as its own page shows it (from the signed token), or null. */
export async function getRegistrationByToken(token: string) {
  const id = registrationIdOf(token);
  if (!id || !isUuid(id)) return null;
  const [row] = await db
    .select({
      id: eventRegistrations.id,
      fullName: eventRegistrations.fullName,
      attendees: eventRegistrations.attendees,
      status: eventRegistrations.status,
      event: { ...mailedColumns, endsAt: events.endsAt },
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, id));
  return row ?? null;
}

/**
 * Inside `tx`: gives a registration's seats back (confirmed or waiting alike), deleting or
 * cancelling it, and promotes from the waiting list. Answers who moved up (null: no such row).
 */
async function releaseIn(tx: Transaction, id: string, eventId: string, then: "cancel" | "delete") {
  // The event first, as every seat change does: the same order everywhere, no deadlock.
  await lockEvent(tx, eventId);
  const [row] = await tx
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, id))
    .for("update");
  if (!row) return null;
  if (then === "delete") await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, id));
  else if (row.status !== "cancelled") {
    await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(eq(eventRegistrations.id, id));
  }
  if (row.status !== "confirmed") return [];
  await moveSeats(tx, row.eventId, -row.attendees);
  return promoteWaiting(tx, row.eventId);
}

/**
 * Gives a registration's seats back and promotes from the waiting list in one transaction; the
 * promoted hear it by e-mail. Cancelling twice does nothing.
 */
async function releaseRegistration(id: string, then: "cancel" | "delete") {
  const [found] = await db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, id));
  if (!found) throw notFound();
  const promoted = await db.transaction(async (tx) => {
    const moved = await releaseIn(tx, id, found.eventId, then);
    if (!moved) throw notFound();
    return moved;
  });
  await mailAll("promoted", await mailedEvent(found.eventId), promoted);
  return { promoted: promoted.length };
}

/** Registrations moved up from a waiting list, by event: told by e-mail after the commit. */
export type PromotedRegistrants = Map<string, Registration[]>;

/**
 * A person's data is erased (docs/decisions/073): inside the caller's transaction each of
 * `rows` is deleted with its seats given back, as a cancellation gives them (events locked in
 * one order). Answers who moved up; `mailPromotedRegistrants` tells them after the commit.
 */
export async function deleteRegistrationsIn(
  tx: Transaction,
  rows: { id: string; eventId: string }[],
): Promise<PromotedRegistrants> {
  const promoted: PromotedRegistrants = new Map();
  const ordered = [...rows].sort((a, b) => a.eventId.localeCompare(b.eventId));
  for (const row of ordered) {
    const moved = (await releaseIn(tx, row.id, row.eventId, "delete")) ?? [];
    promoted.set(row.eventId, [...(promoted.get(row.eventId) ?? []), ...moved]);
  }
  return promoted;
}

export async function mailPromotedRegistrants(promoted: PromotedRegistrants) {
  for (const [eventId, rows] of promoted) {
    if (rows.length) await mailAll("promoted", await mailedEvent(eventId), rows);
  }
}

/** The registrant cancels from their own page (the signed token is the permission). */
export async function cancelRegistrationByToken(token: string) {
  const id = registrationIdOf(token);
  if (!id || !isUuid(id)) throw notFound();
  return releaseRegistration(id, "cancel");
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────

export const REGISTRATIONS_PAGE_SIZE = 50;
/** The CSV of one event: every registration, bounded (capacity and waiting list stay far below). */
export const REGISTRATIONS_EXPORT_LIMIT = 20_000;

const registrationOrder = [asc(eventRegistrations.createdAt), asc(eventRegistrations.id)];

/** One page of an event's registrations (oldest first: the order seats were given). */
export async function listRegistrationsForStaff(
  actor: Actor | null,
  eventId: string,
  page: number,
) {
  assertRole(actor, "editor");
  if (!isUuid(eventId)) throw eventNotFound();
  const where = eq(eventRegistrations.eventId, eventId);
  return readCountedPage(page, REGISTRATIONS_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(eventRegistrations)
        .where(where)
        .orderBy(...registrationOrder)
        .limit(limit)
        .offset(offset),
    count: () => db.$count(eventRegistrations, where),
  });
}

/** Every registration of an event, for its CSV file. */
export async function listRegistrationsForExport(actor: Actor | null, eventId: string) {
  assertRole(actor, "editor");
  if (!isUuid(eventId)) throw eventNotFound();
  return db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(...registrationOrder)
    .limit(REGISTRATIONS_EXPORT_LIMIT);
}

/** How many wait, and how many came, of an event's registrations. */
export async function countRegistrations(actor: Actor | null, eventId: string) {
  assertRole(actor, "editor");
  if (!isUuid(eventId)) throw eventNotFound();
  const [row] = await db
    .select({
      waiting: sql<number>`coalesce(sum(${eventRegistrations.attendees}) filter (where ${eventRegistrations.status} = 'waiting'), 0)::int`,
      attended: sql<number>`coalesce(sum(${eventRegistrations.attendees}) filter (where ${eventRegistrations.attended}), 0)::int`,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return row;
}

const attendedLabel = (attended: boolean) => (attended ? "حضر" : "لم يحضر");

/**
 * Staff mark whether a registration's people came; in the audit log with it (docs/decisions/075),
 * named by its event — never by the person, whom the log would keep past an erasure.
 */
export async function setAttendance(actor: Actor | null, id: string, attended: boolean) {
  const staff = assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ attended: eventRegistrations.attended, event: events.title })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.id, id))
      .for("update", { of: eventRegistrations });
    if (!current) throw notFound();
    await tx
      .update(eventRegistrations)
      .set({ attended, updatedAt: new Date() })
      .where(eq(eventRegistrations.id, id));
    await recordStaffAction(tx, {
      actor: staff,
      subject: "event_registrations",
      action: "checked_in",
      item: { id, label: current.event },
      before: { attended: attendedLabel(current.attended) },
      after: { attended: attendedLabel(attended) },
    });
  });
}

/** A person asked to be forgotten: their registration goes, its seats freed (admins only). */
export async function deleteRegistration(actor: Actor | null, id: string) {
  assertRole(actor, "admin");
  if (!isUuid(id)) throw notFound();
  return releaseRegistration(id, "delete");
}

/**
 * The retention job: registrations of events that ended before `before` are deleted (their
 * names and numbers were needed for the event only). Answers how many.
 */
export async function deleteRegistrationsOfEventsEndedBefore(before: Date): Promise<number> {
  const removed = await db
    .delete(eventRegistrations)
    .where(
      sql`${eventRegistrations.eventId} in (select ${events.id} from ${events} where ${lt(events.endsAt, before)})`,
    )
    .returning({ id: eventRegistrations.id });
  return removed.length;
}
