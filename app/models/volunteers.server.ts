import { and, count, eq, lt, or, type SQL } from "drizzle-orm";
import { availabilityLabels, interestLabels, VOLUNTEER_STATUS_LABELS } from "~/content/volunteer";
import { NotFoundError } from "~/shared/domain-errors";
import { cityName, localMobile } from "~/shared/outreach-fields";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import type { VolunteerStatus } from "~/shared/statuses";
import { db } from "~/utils/db.server";
import { containingAny, isUuid, newestFirst, phoneContaining } from "~/utils/db-helpers.server";
import { getSiteUrl } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";
import { users, volunteers } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";
import { consumeMailToAddress } from "./rate-limits.server";

export type Volunteer = typeof volunteers.$inferSelect;

/** A registration as the visitor sent it (the route's schema checked and normalised it). */
export type VolunteerInput = Pick<
  typeof volunteers.$inferInsert,
  "fullName" | "phone" | "email" | "city" | "interests" | "availability" | "message"
> & {
  /** Nothing is kept without the visitor's consent (the form's checkbox). */
  consent: "on";
};

const notFound = () => new NotFoundError("طلب التطوع غير موجود");

async function adminEmails(): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  return rows.map((row) => row.email);
}

/**
 * Keeps a visitor's registration, then tells the admins (with the details: they are staff) and
 * the visitor, when they gave an address (a fixed text only: the address is not confirmed, so
 * nothing they typed goes into it). A failed e-mail is logged; the registration stands.
 */
export async function registerVolunteer(input: VolunteerInput): Promise<Volunteer> {
  const [row] = await db
    .insert(volunteers)
    .values({
      fullName: input.fullName,
      phone: input.phone,
      email: input.email ?? null,
      city: input.city,
      interests: input.interests,
      availability: input.availability,
      message: input.message || null,
    })
    .returning();
  await notifyAboutVolunteer(row).catch((error) =>
    logger.warn({ err: error }, "a volunteer e-mail could not be sent"),
  );
  return row;
}

async function notifyAboutVolunteer(row: Volunteer) {
  const inbox = `${getSiteUrl()}/admin/dashboard/volunteers`;
  const details = [
    `الاسم: ${row.fullName}`,
    `الجوال: ${localMobile(row.phone)}`,
    row.email ? `البريد: ${row.email}` : null,
    `المدينة: ${cityName(row.city)}`,
    `المجالات: ${interestLabels(row.interests).join("، ")}`,
    `الأوقات: ${availabilityLabels(row.availability).join("، ")}`,
    row.message ? `ملاحظة: ${row.message}` : null,
  ].filter(Boolean);
  const admins = await adminEmails();
  await Promise.all(
    admins.map((to) =>
      sendMail({
        to,
        subject: "طلب تطوع جديد — جمعية رفق",
        text: `وصل طلب تطوع جديد:\n\n${details.join("\n")}\n\nصندوق المتطوعين: ${inbox}`,
      }),
    ),
  );
  if (row.email && (await consumeMailToAddress(row.email))) {
    await sendMail({
      to: row.email,
      subject: "وصلنا طلب تطوعك — جمعية رفق",
      text: "شكراً لرغبتك في التطوع مع جمعية رفق. وصلنا طلبك، وسيتواصل معك منسّق التطوع قريباً.\n\nإن لم تكن أنت من أرسل الطلب فتجاهل هذه الرسالة أو راسلنا لنحذف البيانات.",
    });
  }
}

export interface VolunteerFilters {
  status?: VolunteerStatus;
  city?: string;
  /** Words searched in the name, phone, e-mail and notes. */
  q?: string;
}

/** The rows the inbox's filters and search leave. */
function filterCondition(filters: VolunteerFilters) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(volunteers.status, filters.status));
  if (filters.city) conditions.push(eq(volunteers.city, filters.city));
  const q = filters.q?.trim();
  if (q) {
    const matches = or(
      containingAny(
        q,
        volunteers.fullName,
        volunteers.email,
        volunteers.message,
        volunteers.staffNote,
      ),
      phoneContaining(volunteers.phone, q),
    );
    if (matches) conditions.push(matches);
  }
  return and(...conditions);
}

/** Newest first; the id breaks ties, so pages neither overlap nor skip. */
const newestVolunteersFirst = newestFirst(volunteers.createdAt, volunteers.id);

/** Every volunteer the filters leave, newest first: for the CSV file only. */
export async function listVolunteersForStaff(actor: Actor | null, filters: VolunteerFilters = {}) {
  assertRole(actor, "editor");
  return db
    .select()
    .from(volunteers)
    .where(filterCondition(filters))
    .orderBy(...newestVolunteersFirst);
}

export const VOLUNTEERS_PAGE_SIZE = 20;

/** One page of the staff inbox, and how many registrations the filters leave. */
export async function listVolunteersPageForStaff(
  actor: Actor | null,
  filters: VolunteerFilters & { page: number },
) {
  assertRole(actor, "editor");
  const where = filterCondition(filters);
  return readCountedPage(filters.page, VOLUNTEERS_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(volunteers)
        .where(where)
        .orderBy(...newestVolunteersFirst)
        .limit(limit)
        .offset(offset),
    count: () => db.$count(volunteers, where),
  });
}

/**
 * Moves a registration along (new → contacted → accepted/declined) and keeps staff's note. In the
 * audit log with it (docs/decisions/075): the status before and after, or that a note was
 * written — never the note nor the person's name, which the log would keep past an erasure.
 */
export async function updateVolunteer(
  actor: Actor | null,
  id: string,
  input: { status: VolunteerStatus; staffNote: string | null },
) {
  const staff = assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: volunteers.status })
      .from(volunteers)
      .where(eq(volunteers.id, id))
      .for("update");
    if (!current) throw notFound();
    await tx
      .update(volunteers)
      .set({ status: input.status, staffNote: input.staffNote, updatedAt: new Date() })
      .where(eq(volunteers.id, id));
    const moved = current.status !== input.status;
    await recordStaffAction(tx, {
      actor: staff,
      subject: "outreach",
      action: moved ? "state_changed" : "noted",
      item: { id, label: "طلب تطوع" },
      ...(moved && {
        before: { status: VOLUNTEER_STATUS_LABELS[current.status] },
        after: { status: VOLUNTEER_STATUS_LABELS[input.status] },
      }),
    });
  });
}

/** A person asked to be forgotten: their row goes (admins only). */
export async function deleteVolunteer(actor: Actor | null, id: string) {
  assertRole(actor, "admin");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(volunteers)
    .where(eq(volunteers.id, id))
    .returning({ id: volunteers.id });
  if (!row) throw notFound();
}

/** Registrations nobody has handled yet, for the dashboard overview. */
export async function countNewVolunteers(actor: Actor | null): Promise<number> {
  assertRole(actor, "editor");
  const [row] = await db
    .select({ value: count() })
    .from(volunteers)
    .where(eq(volunteers.status, "new"));
  return row.value;
}

/** Deletes registrations untouched since `before` (the retention job). Answers how many. */
export async function deleteVolunteersOlderThan(before: Date): Promise<number> {
  const removed = await db
    .delete(volunteers)
    .where(lt(volunteers.updatedAt, before))
    .returning({ id: volunteers.id });
  return removed.length;
}
