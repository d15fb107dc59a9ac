import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { CardItem } from "../../app/shared/card-items";
import { users } from "./auth";

/** A card list an admin changed (docs/decisions/047); a list without a row shows its defaults. */
export const contentLists = pgTable(
  "content_lists",
  {
    pagePath: text("page_path").notNull(),
    listKey: text("list_key").notNull(),
    items: jsonb("items").$type<CardItem[]>().notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Names as migration 0011 made them (PostgreSQL's own), so the schema says what the tables are.
  (table) => [
    primaryKey({ name: "content_lists_pkey", columns: [table.pagePath, table.listKey] }),
    foreignKey({
      name: "content_lists_updated_by_fkey",
      columns: [table.updatedBy],
      foreignColumns: [users.id],
    }).onDelete("set null"),
    check("content_lists_items_check", sql`jsonb_typeof(${table.items}) = 'array'`),
  ],
);

/** Every saved version of a list, with what the save did («أضاف بطاقة …»). */
export const contentListRevisions = pgTable(
  "content_list_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pagePath: text("page_path").notNull(),
    listKey: text("list_key").notNull(),
    items: jsonb("items").$type<CardItem[]>().notNull(),
    summary: text("summary").notNull(),
    savedBy: text("saved_by"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("content_list_revisions_items_check", sql`jsonb_typeof(${table.items}) = 'array'`),
    foreignKey({
      name: "content_list_revisions_saved_by_fkey",
      columns: [table.savedBy],
      foreignColumns: [users.id],
    }).onDelete("set null"),
    index("content_list_revisions_list_idx").on(
      table.pagePath,
      table.listKey,
      table.savedAt.desc().nullsFirst(),
    ),
  ],
);
