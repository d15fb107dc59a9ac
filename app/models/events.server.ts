import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  StaleEditError,
} from "~/shared/domain-errors";
import type { EventStatus } from "~/shared/events";
import { pageWindow, toPaged } from "~/shared/pagination";
import { type Actor, assertRole, hasRole } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import {
  containingAny,
  isStaleVersion,
  isUuid,
  readNewestPage,
  stillAt,
  violatedUniqueConstraint,
} from "~/utils/db-helpers.server";
import { removeImage, storeImage } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import { htmlToPlainText, toPostHtml } from "~/utils/rich-text.server";
import { eventRegistrations, events } from "../../database/schema";

// Events (docs/decisions/052): editors and admins manage them; the public reads published ones.

export type EventRow = typeof events.$inferSelect;

const notFound = () => new NotFoundError("الفعالية غير موجودة");
const THIS_EVENT = "هذه الفعالية";

export const EVENT_SLUG_TAKEN = "هذا الرابط مستخدم لفعالية أخرى، اختر رابطاً مختلفاً";
export class EventSlugTakenError extends ConflictError {
  constructor() {
    super(EVENT_SLUG_TAKEN, "slug");
  }
}

/** Where event images live in storage. */
const IMAGE_FOLDER = "events";

/** A published event is public, past ones too (they keep their page, docs/decisions/052). */
export const publicEvents = () => eq(events.status, "published");

// ─── The public ─────────────────────────────────────────────────────────────────────────────

/** What a public page shows of an event (never its author or draft state). */
const publicColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  description: events.description,
  imageUrl: events.imageUrl,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  place: events.place,
  mapUrl: events.mapUrl,
  capacity: events.capacity,
  seatsTaken: events.seatsTaken,
  registrationOpen: events.registrationOpen,
  updatedAt: events.updatedAt,
};

export type PublicEvent = Awaited<ReturnType<typeof getPublishedEvent>> & {};

export const EVENTS_PAGE_SIZE = 12;

/**
 * One page of the published events: those not yet over first (soonest first), then the past
 * ones (latest first). One bounded query; `upcoming` tells the screen where the past begins.
 */
export async function listPublishedEventsPage(page: number) {
  const at = now();
  const over = sql<boolean>`${events.endsAt} < ${at.toISOString()}`;
  const { limit, offset } = pageWindow(page, EVENTS_PAGE_SIZE);
  const rows = await db
    .select({
      ...publicColumns,
      description: sql<string>`''`,
      upcoming: sql<boolean>`not (${over})`,
    })
    .from(events)
    .where(publicEvents())
    .orderBy(
      asc(over),
      sql`case when ${over} then null else ${events.startsAt} end asc`,
      desc(events.startsAt),
      asc(events.id),
    )
    .limit(limit)
    .offset(offset);
  return toPaged(rows, page, EVENTS_PAGE_SIZE);
}

/** The next published events for the home page and the media centre (a few). */
export async function listUpcomingEvents(limit = 3) {
  return db
    .select(publicColumns)
    .from(events)
    .where(and(publicEvents(), gte(events.endsAt, now())))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}

/** A published event by its slug, or null (a draft is not found). */
export async function getPublishedEvent(slug: string) {
  if (slug.length > 200) return null;
  const [row] = await db
    .select(publicColumns)
    .from(events)
    .where(and(eq(events.slug, slug), publicEvents()));
  return row ?? null;
}

/**
 * One window of the published events' pages for the sitemap (docs/decisions/062), oldest created
 * first: a new event lands in the last part and the others keep their places.
 */
export async function listPublishedEventAddresses(window: { limit: number; offset: number }) {
  return db
    .select({ slug: events.slug, updatedAt: events.updatedAt })
    .from(events)
    .where(publicEvents())
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many events are published (the sitemap's count). */
export function countPublishedEvents(): Promise<number> {
  return db.$count(events, publicEvents());
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────

export const STAFF_EVENTS_PAGE_SIZE = 20;

const staffColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  place: events.place,
  capacity: events.capacity,
  seatsTaken: events.seatsTaken,
  registrationOpen: events.registrationOpen,
  status: events.status,
  imageUrl: events.imageUrl,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};

/** One page of every event, newest first, with how many match the search. */
export async function listEventsForStaff(
  actor: Actor | null,
  filters: { q?: string; page?: number } = {},
) {
  assertRole(actor, "editor");
  const where = containingAny(filters.q, events.title, events.place);
  return readNewestPage(
    filters.page ?? 1,
    STAFF_EVENTS_PAGE_SIZE,
    { table: events, newest: events.createdAt, id: events.id, where },
    () =>
      db
        .select({ ...staffColumns, description: sql<string>`left(${events.description}, 400)` })
        .from(events)
        .$dynamic(),
  );
}

export type StaffEventRow = Awaited<ReturnType<typeof listEventsForStaff>>["items"][number];

/** One event, whatever its status, for staff; null when there is none. */
export async function getEventForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row ?? null;
}

/** What the event form saves (the route's schema checked it). */
export interface EventInput {
  title: string;
  slug: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  place: string;
  mapUrl: string | null;
  capacity: number;
  registrationOpen: boolean;
  status: EventStatus;
}

export const CAPACITY_BELOW_TAKEN = "السعة أقل من عدد المقاعد المحجوزة الآن";

/** The columns a save writes: the description sanitized by the one sanitizer. */
const storedFields = (input: EventInput) => ({
  ...input,
  description: toPostHtml(input.description),
});

/** Whether the stored description says anything (markup that sanitizes to nothing does not). */
export const hasDescription = (description: string) =>
  htmlToPlainText(toPostHtml(description)).length > 0 || /<img\b/.test(toPostHtml(description));

async function withStoredImage<T>(
  file: File | null | undefined,
  write: (url: string | null) => Promise<T>,
) {
  const stored = file ? await storeImage(file, IMAGE_FOLDER) : null;
  try {
    return await write(stored?.url ?? null);
  } catch (error) {
    if (stored) await removeImage(stored.url);
    if (violatedUniqueConstraint(error) === "events_slug_unique") throw new EventSlugTakenError();
    throw error;
  }
}

export async function createEvent(actor: Actor | null, input: EventInput, image?: File | null) {
  const editor = assertRole(actor, "editor");
  return withStoredImage(image, async (imageUrl) => {
    const [row] = await db
      .insert(events)
      .values({ ...storedFields(input), imageUrl, authorId: editor.id })
      .returning({ id: events.id, slug: events.slug, status: events.status });
    return row;
  });
}

/**
 * Saves the edit form. The capacity may not fall below the seats already confirmed (they were
 * promised): checked in the update itself, so a registration meanwhile cannot slip under it.
 */
export async function updateEvent(
  actor: Actor | null,
  id: string,
  input: EventInput,
  image: { file?: File | null; remove?: boolean } = {},
  /** The `updated_at` the form was opened with (ISO); another one is a stale save (409). */
  version?: string,
) {
  const editor = assertRole(actor, "editor");
  const current = await getEventForStaff(editor, id);
  if (!current) throw notFound();
  if (isStaleVersion(version, current.updatedAt)) throw new StaleEditError(THIS_EVENT);
  const updated = await withStoredImage(image.file, async (newUrl) => {
    const imageUrl = newUrl ?? (image.remove ? null : current.imageUrl);
    const [row] = await db
      .update(events)
      .set({ ...storedFields(input), imageUrl, updatedAt: new Date() })
      .where(
        and(
          eq(events.id, id),
          stillAt(events.updatedAt, current.updatedAt),
          sql`${events.seatsTaken} <= ${input.capacity}`,
        ),
      )
      .returning();
    if (row) return row;
    const [stored] = await db
      .select({ updatedAt: events.updatedAt })
      .from(events)
      .where(eq(events.id, id));
    if (!stored) throw notFound();
    if (isStaleVersion(current.updatedAt.toISOString(), stored.updatedAt)) {
      throw new StaleEditError(THIS_EVENT);
    }
    throw new ConflictError(CAPACITY_BELOW_TAKEN, "capacity");
  });
  if (current.imageUrl && current.imageUrl !== updated.imageUrl)
    await removeImage(current.imageUrl);
  return updated;
}

/** The list's publish toggle: draft ↔ published, only if nobody changed it meanwhile. */
export async function toggleEventStatus(actor: Actor | null, id: string) {
  const editor = assertRole(actor, "editor");
  const current = await getEventForStaff(editor, id);
  if (!current) throw notFound();
  const status: EventStatus = current.status === "published" ? "draft" : "published";
  const [row] = await db
    .update(events)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(events.id, id), eq(events.status, current.status)))
    .returning({ id: events.id, status: events.status });
  if (!row) {
    logger.warn({ id }, "event status changed by someone else during a toggle");
    throw new ConflictError("تغيّرت حالة الفعالية قبل قليل، حدّث الصفحة وحاول مجدداً");
  }
  return row;
}

/** Deletes an event with its registrations (cascade) and then its image. */
/** Said to an editor who deletes an event people registered for (issue 35, item 6). */
export const EVENT_HAS_REGISTRATIONS =
  "لا يمكن حذف فعالية لها تسجيلات: حذفها يحذف بيانات المسجّلين، وهذا للمدير وحده. أغلق التسجيل فيها أو أخفِها بدلاً من ذلك.";

/**
 * Deletes an event and, with it, its registrations. Deleting people's data is an admin's act
 * (as deleting one registration is, docs/decisions/052), so an editor may delete only an event
 * nobody registered for. The event row is locked first, as every registration locks it, so none
 * slips in between the count and the delete.
 */
export async function deleteEvent(actor: Actor | null, id: string) {
  const who = assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const row = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, id))
      .for("update");
    if (!event) throw notFound();
    if (!hasRole(who, "admin")) {
      const [registered] = await tx
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, id))
        .limit(1);
      if (registered) throw new ForbiddenError(EVENT_HAS_REGISTRATIONS);
    }
    const [deleted] = await tx
      .delete(events)
      .where(eq(events.id, id))
      .returning({ id: events.id, imageUrl: events.imageUrl });
    return deleted;
  });
  if (!row) throw notFound();
  await removeImage(row.imageUrl);
  return row;
}

/** Whether an event (any status) already has this slug: the demo seed's check (no actor). */
export async function isEventSlugTaken(slug: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.slug, slug));
  return Boolean(row);
}
