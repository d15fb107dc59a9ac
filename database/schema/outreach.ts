import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { surveyAudiences, volunteerStatuses } from "../../app/shared/statuses";

/**
 * What the public sends the association: volunteer registrations, satisfaction-survey answers
 * and newsletter subscriptions (docs/decisions/022 says what is kept, why and for how long).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const volunteers = pgTable(
  "volunteers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    /** Normalised to +9665XXXXXXXX. */
    phone: text("phone").notNull(),
    email: text("email"),
    city: text("city").notNull(),
    interests: jsonb("interests").$type<string[]>().notNull(),
    availability: jsonb("availability").$type<string[]>().notNull(),
    message: text("message"),
    status: text("status", { enum: volunteerStatuses }).notNull().default("new"),
    staffNote: text("staff_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "volunteers_status_check",
      sql`${table.status} in ('new', 'contacted', 'accepted', 'declined')`,
    ),
    // The inbox's order, alone or under its status or city filter (docs/decisions/036).
    index("volunteers_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("volunteers_status_created_at_idx").on(
      table.status,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index("volunteers_city_created_at_idx").on(table.city, table.createdAt.desc(), table.id.desc()),
  ],
);

export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    audience: text("audience", { enum: surveyAudiences }).notNull(),
    /** Question key → 1..5. */
    answers: jsonb("answers").$type<Record<string, number>>().notNull(),
    comment: text("comment"),
    /** Only when the person asked to be contacted; cleared after the retention period. */
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "survey_responses_audience_check",
      sql`${table.audience} in ('visitors', 'beneficiaries')`,
    ),
    index("survey_responses_created_at_idx").on(table.createdAt),
    // One survey's answers in a period, newest first (docs/decisions/036).
    index("survey_responses_audience_created_at_idx").on(
      table.audience,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    /** The secret of the confirmation and unsubscribe links. */
    token: text("token").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The confirmed list, newest first, and the count of those waiting (docs/decisions/036).
  (table) => [
    index("newsletter_subscribers_confirmed_at_idx").on(table.confirmedAt.desc(), table.id.desc()),
  ],
);
