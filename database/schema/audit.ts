import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every staff write, one row each, written in the transaction of the change (docs/decisions/075).
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, except the retention job's trim,
 * which says so with the transaction-local setting `rifq.audit_trim` (migration 0020, hand-written
 * part). No foreign key to `users`: a deleted account's rows stay, with the name it had.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    /** The name (or e-mail) and role of who acted, as they were then. */
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    /** A content type's name (app/shared/content-types.ts) or an audited subject's (audit-subjects.ts). */
    subject: text("subject").notNull(),
    action: text("action").notNull(),
    itemId: text("item_id"),
    /** The item's title or name when it was changed. */
    itemLabel: text("item_label"),
    /** A short before/after (settings, the donation account, roles, page texts), bounded in size. */
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at.desc()),
    index("audit_log_subject_idx").on(table.subject, table.at.desc()),
    index("audit_log_actor_idx").on(table.actorId, table.at.desc()),
  ],
);
