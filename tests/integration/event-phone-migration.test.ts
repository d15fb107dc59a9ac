import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { createEvent } from "~/models/events.server";
import { db } from "~/utils/db.server";
import { eventRegistrations, events } from "../../database/schema";
import { createUser } from "../support/accounts";

// Migration 0018 (docs/decisions/062) on a database that already holds one number twice for an
// event: it must not fail; the best of each group stays (confirmed before waiting, then the
// oldest), the others are cancelled and a cancelled confirmed one's seats are given back.

const MIGRATION = "database/migrations/0018_event_phone_once_and_mail_retention.sql";
const ONE_PER_PHONE = "event_registrations_event_phone_active_idx";

test("existing duplicates are cancelled but one, seats given back, and the index then holds", async () => {
  const editor = await createUser("editor");
  const starts = new Date(Date.now() + 3 * 86_400_000);
  const { id: eventId } = await createEvent(editor, {
    title: "فعالية قبل القيد",
    slug: "before-the-index",
    description: "<p>وصف</p>",
    startsAt: starts,
    endsAt: new Date(starts.getTime() + 3_600_000),
    place: "الدمام",
    mapUrl: null,
    capacity: 10,
    registrationOpen: true,
    status: "published",
  });
  // The database as it was before 0018.
  await db.execute(sql.raw(`drop index ${ONE_PER_PHONE}`));
  const at = (minutes: number) => new Date(Date.now() - (100 - minutes) * 60_000);
  const row = (
    name: string,
    phone: string,
    status: "confirmed" | "waiting" | "cancelled",
    attendees: number,
    minutes: number,
  ) => ({ eventId, fullName: name, phone, status, attendees, createdAt: at(minutes) });
  await db
    .insert(eventRegistrations)
    .values([
      row("أ-انتظار", "+966500000001", "waiting", 1, 1),
      row("أ-مؤكد-أول", "+966500000001", "confirmed", 2, 2),
      row("أ-مؤكد-ثان", "+966500000001", "confirmed", 3, 3),
      row("ب-وحيد", "+966500000002", "confirmed", 1, 4),
      row("ج-ملغى", "+966500000003", "cancelled", 4, 5),
      row("ج-مؤكد", "+966500000003", "confirmed", 1, 6),
      row("د-انتظار-أول", "+966500000004", "waiting", 1, 7),
      row("د-انتظار-ثان", "+966500000004", "waiting", 2, 8),
    ]);
  await db
    .update(events)
    .set({ seatsTaken: 2 + 3 + 1 + 1 })
    .where(eq(events.id, eventId));

  // The migration's own statements that concern registrations (the first two).
  const statements = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
  for (const statement of statements.slice(0, 2)) await db.execute(sql.raw(statement));

  const rows = await db
    .select({ fullName: eventRegistrations.fullName, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(eventRegistrations.createdAt);
  expect(rows.map((one) => [one.fullName, one.status])).toEqual([
    ["أ-انتظار", "cancelled"],
    ["أ-مؤكد-أول", "confirmed"],
    ["أ-مؤكد-ثان", "cancelled"],
    ["ب-وحيد", "confirmed"],
    ["ج-ملغى", "cancelled"],
    ["ج-مؤكد", "confirmed"],
    ["د-انتظار-أول", "waiting"],
    ["د-انتظار-ثان", "cancelled"],
  ]);
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  expect(event.seatsTaken).toBe(2 + 1 + 1);
  await expect(
    db.insert(eventRegistrations).values(row("أ-ثالث", "+966500000001", "waiting", 1, 9)),
  ).rejects.toThrow();
});
