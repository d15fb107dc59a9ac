import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { PageBlock } from "../../app/shared/page-blocks";
import { postStatuses } from "../../app/shared/statuses";
import { users } from "./auth";

/**
 * Pages staff build from blocks (docs/decisions/049): one row a page, its blocks in order. Its
 * search vectors are not declared, like the posts' (see database/schema/content.ts).
 */
export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** The blocks in order, each checked by `pageBlockSchema` (rich text already sanitized). */
    blocks: jsonb("blocks").$type<PageBlock[]>().notNull().default([]),
    /** The blocks' plain text, for the staff list's search. */
    blocksText: text("blocks_text").notNull().default(""),
    status: text("status", { enum: postStatuses }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    shareImage: text("share_image"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("pages_slug_unique").on(table.slug),
    check("pages_status_check", sql`${table.status} in ('draft', 'published', 'archived')`),
    check(
      "pages_published_at_check",
      sql`(${table.status} = 'published') = (${table.publishedAt} is not null)`,
    ),
    check("pages_blocks_array_check", sql`jsonb_typeof(${table.blocks}) = 'array'`),
    index("pages_status_published_at_idx").on(
      table.status,
      table.publishedAt.desc(),
      table.id.desc(),
    ),
    index("pages_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

/** Every save of a page keeps its title and blocks: the form's history and restore. */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    blocks: jsonb("blocks").$type<PageBlock[]>().notNull(),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("page_revisions_page_idx").on(table.pageId, table.savedAt.desc())],
);

/** A page's former addresses: each answers 301 to the page's address now. */
export const pageSlugRedirects = pgTable(
  "page_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("page_slug_redirects_page_idx").on(table.pageId)],
);
