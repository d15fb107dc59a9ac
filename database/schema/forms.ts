import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type BuiltFormStatus,
  builtFormStatuses,
  type FormAnswerValues,
  type FormField,
  requestEventKinds,
  requestStates,
} from "../../app/shared/form-builder";
import { users } from "./auth";

/** Forms built by staff, their answers and files, and the requests that follow answers up (issue 36). */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const builtForms = pgTable(
  "forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    intro: text("intro").notNull().default(""),
    /** The ordered fields; one zod schema per form is built from them. */
    fields: jsonb("fields").$type<FormField[]>().notNull(),
    status: text("status", { enum: builtFormStatuses })
      .$type<BuiltFormStatus>()
      .notNull()
      .default("draft"),
    /** Each answer opens a request with a reference and a follow-up link. */
    isRequest: boolean("is_request").notNull().default(false),
    thankYou: text("thank_you").notNull(),
    /** Why the form collects what it asks, shown before sending. */
    purpose: text("purpose").notNull(),
    /** Answers and their files are deleted this many months after they were sent. */
    retentionMonths: integer("retention_months").notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    maxAnswers: integer("max_answers"),
    /** Answers received: moved in the same transaction as an answer is stored or deleted. */
    answersCount: integer("answers_count").notNull().default(0),
    /** Staff told by e-mail of each answer. */
    notifyUserIds: jsonb("notify_user_ids").$type<string[]>().notNull().default([]),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("forms_status_check", sql`${table.status} in (${inList(builtFormStatuses)})`),
    check("forms_retention_check", sql`${table.retentionMonths} BETWEEN 1 AND 120`),
    check("forms_max_answers_check", sql`${table.maxAnswers} is null or ${table.maxAnswers} >= 1`),
    index("forms_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

export const formAnswers = pgTable(
  "form_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => builtForms.id, { onDelete: "cascade" }),
    values: jsonb("values").$type<FormAnswerValues>().notNull(),
    /** The answer's first mobile field, normalised to +9665XXXXXXXX: found by privacy requests. */
    contactPhone: text("contact_phone"),
    /** The answer's first e-mail field, lower-cased: where its mails go. */
    contactEmail: text("contact_email"),
    /** created_at + the form's retention: the daily job deletes the answer and its files then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("form_answers_form_created_at_idx").on(
      table.formId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index("form_answers_expires_at_idx").on(table.expiresAt),
    index("form_answers_contact_phone_idx").on(table.contactPhone),
    index("form_answers_contact_email_idx").on(table.contactEmail),
  ],
);

/** Files attached to answers: stored privately (Storage), downloadable by staff only. */
export const formAnswerFiles = pgTable(
  "form_answer_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => formAnswers.id, { onDelete: "cascade" }),
    fieldKey: text("field_key").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("form_answer_files_answer_idx").on(table.answerId)],
);

/** The running number of each year's requests (ط-YYYY-NNNNNN), moved under a row lock. */
export const requestCounters = pgTable("request_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

export const requests = pgTable(
  "requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    answerId: uuid("answer_id")
      .notNull()
      .unique()
      .references(() => formAnswers.id, { onDelete: "cascade" }),
    formId: uuid("form_id")
      .notNull()
      .references(() => builtForms.id, { onDelete: "cascade" }),
    /** «ط-2026-000123» (requestReference). */
    reference: text("reference").notNull(),
    state: text("state", { enum: requestStates }).notNull().default("received"),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    dueOn: date("due_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("requests_state_check", sql`${table.state} in (${inList(requestStates)})`),
    uniqueIndex("requests_reference_idx").on(table.reference),
    index("requests_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("requests_state_created_at_idx").on(table.state, table.createdAt.desc(), table.id.desc()),
    index("requests_assignee_created_at_idx").on(
      table.assigneeId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index("requests_due_on_idx").on(table.dueOn),
  ],
);

/** A request's history: every change, message and internal note, with who made it. */
export const requestEvents = pgTable(
  "request_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: requestEventKinds }).notNull(),
    /** Null when the person who asked did it (withdrawing). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    fromState: text("from_state", { enum: requestStates }),
    toState: text("to_state", { enum: requestStates }),
    /** Sent to the person with a change of state. */
    message: text("message"),
    /** Internal: never shown or sent to the person. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    check("request_events_kind_check", sql`${table.kind} in (${inList(requestEventKinds)})`),
    index("request_events_request_created_at_idx").on(table.requestId, table.createdAt),
  ],
);
