import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Stored files whose rows are gone (a person's data erased, an expired form answer): written in
 * the transaction that deletes the rows, removed from Storage after it commits. A removal that
 * fails leaves its row, and the daily retention job tries again (docs/decisions/073).
 */
export const pendingFileDeletions = pgTable("pending_file_deletions", {
  storageKey: text("storage_key").primaryKey(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
