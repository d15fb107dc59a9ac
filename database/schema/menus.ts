import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { MenuEntry, MenuId } from "../../app/shared/menus";
import { users } from "./auth";

/** A menu as staff arranged it (docs/decisions/050); no row: the spec's menu. */
export const menus = pgTable(
  "menus",
  {
    id: text("id").$type<MenuId>().primaryKey(),
    items: jsonb("items").$type<MenuEntry[]>().notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("menus_id_check", sql`${table.id} in ('header', 'footer')`)],
);

/** Every save of a menu, newest first; the last 20 of each menu are kept. */
export const menuRevisions = pgTable(
  "menu_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    menuId: text("menu_id").$type<MenuId>().notNull(),
    items: jsonb("items").$type<MenuEntry[]>().notNull(),
    /** What the save was: "save", "default" (the original menu restored), "restore". */
    note: text("note").notNull().default("save"),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("menu_revisions_menu_idx").on(table.menuId, table.savedAt.desc())],
);
