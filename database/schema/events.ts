import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { eventStatuses, registrationStatuses } from "../../app/shared/events";
import { users } from "./auth";

/** Events and the registrations people send for them (docs/decisions/052). */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** Sanitized HTML (app/utils/rich-text.server.ts). */
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    place: text("place").notNull(),
    mapUrl: text("map_url"),
    /** Seats, counted in attendees. */
    capacity: integer("capacity").notNull(),
    /** Attendees of the confirmed registrations: moved in the same transaction as they are. */
    seatsTaken: integer("seats_taken").notNull().default(0),
    registrationOpen: boolean("registration_open").notNull().default(true),
    status: text("status", { enum: eventStatuses }).notNull().default("draft"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("events_status_check", sql`${table.status} in ('draft', 'published')`),
    check("events_times_check", sql`${table.endsAt} >= ${table.startsAt}`),
    check(
      "events_seats_check",
      sql`${table.seatsTaken} >= 0 AND ${table.seatsTaken} <= ${table.capacity}`,
    ),
    index("events_status_starts_at_idx").on(table.status, table.startsAt, table.id),
    index("events_created_at_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    /** Normalised to +9665XXXXXXXX. */
    phone: text("phone").notNull(),
    email: text("email"),
    attendees: integer("attendees").notNull(),
    status: text("status", { enum: registrationStatuses }).notNull(),
    attended: boolean("attended").notNull().default(false),
    /** Set when the day-before reminder was claimed for sending (exactly one per registrant). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "event_registrations_status_check",
      sql`${table.status} in ('confirmed', 'waiting', 'cancelled')`,
    ),
    check("event_registrations_attendees_check", sql`${table.attendees} BETWEEN 1 AND 10`),
    index("event_registrations_event_created_at_idx").on(table.eventId, table.createdAt, table.id),
    index("event_registrations_updated_at_idx").on(table.updatedAt),
    // One registration per mobile number and event, cancelled ones aside (docs/decisions/062).
    uniqueIndex("event_registrations_event_phone_active_idx")
      .on(table.eventId, table.phone)
      .where(sql`${table.status} <> 'cancelled'`),
  ],
);
