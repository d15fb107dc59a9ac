import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { documentCategories, documentStatuses } from "../../app/shared/documents";
import { users } from "./auth";

/**
 * The documents library (docs/decisions/048): one row per uploaded PDF. The file itself is in
 * the Storage under `file_key`, unchanged; `file_sha256` names its version in its address.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    category: text("category", { enum: documentCategories }).notNull(),
    year: integer("year").notNull(),
    status: text("status", { enum: documentStatuses }).notNull().default("hidden"),
    fileKey: text("file_key").notNull().unique("documents_file_key_key"),
    fileSha256: text("file_sha256").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "documents_category_check",
      sql`${table.category} in ('reports', 'financial-statements', 'policies', 'other')`,
    ),
    check("documents_status_check", sql`${table.status} in ('published', 'hidden')`),
    check("documents_year_check", sql`${table.year} between 1990 and 2100`),
    check("documents_size_check", sql`${table.sizeBytes} > 0`),
    check("documents_sha256_check", sql`${table.fileSha256} ~ '^[0-9a-f]{64}$'`),
    // /governance: the newest published documents of a category, by year then upload.
    index("documents_public_idx").on(
      table.status,
      table.category,
      table.year.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // The staff list, newest upload first.
    index("documents_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);
