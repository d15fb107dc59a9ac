import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { postStatuses, videoStatuses } from "../../app/shared/statuses";
import { users } from "./auth";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const authorId = () => text("author_id").references(() => users.id, { onDelete: "set null" });
const categoryId = () =>
  uuid("category_id").references(() => categories.id, { onDelete: "set null" });

export const contentTypes = ["text", "html"] as const;
export type ContentType = (typeof contentTypes)[number];

export const pageContent = pgTable(
  "page_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pagePath: text("page_path").notNull(),
    contentKey: text("content_key").notNull(),
    contentValue: text("content_value").notNull(),
    contentType: text("content_type", { enum: contentTypes }).notNull().default("text"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("page_content_page_path_content_key_key").on(table.pagePath, table.contentKey),
    check("page_content_type_check", sql`${table.contentType} in ('text', 'html')`),
  ],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * `posts`, `videos`, `images` (and `pages`) also have `title_vector` and `search_vector`: the
 * site search's stored, generated words (database/migrations/0017, docs/decisions/058). They are
 * not declared here on purpose: only app/models/search.server.ts reads them, and a whole-row
 * select (the edit forms') would carry them to the browser.
 */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** Sanitized HTML (app/utils/rich-text.server.ts); `content_text` is its plain text. */
    content: text("content").notNull(),
    contentText: text("content_text").notNull().default(""),
    excerpt: text("excerpt"),
    slug: text("slug").notNull().unique(),
    featuredImage: text("featured_image"),
    categoryId: categoryId(),
    status: text("status", { enum: postStatuses }).notNull().default("draft"),
    authorId: authorId(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    viewsCount: integer("views_count").notNull().default(0),
    metaDescription: text("meta_description"),
    shareImage: text("share_image"),
    canonicalUrl: text("canonical_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("posts_status_check", sql`${table.status} in ('draft', 'published', 'archived')`),
    check(
      "posts_published_at_check",
      sql`(${table.status} = 'published') = (${table.publishedAt} is not null)`,
    ),
    check("posts_views_count_check", sql`${table.viewsCount} >= 0`),
    // The lists' orders, id breaking ties (docs/decisions/027, 036).
    index("posts_status_published_at_idx").on(
      table.status,
      table.publishedAt.desc(),
      table.id.desc(),
    ),
    index("posts_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    youtubeId: text("youtube_id").notNull(),
    categoryId: categoryId(),
    status: text("status", { enum: videoStatuses }).notNull().default("draft"),
    authorId: authorId(),
    viewsCount: integer("views_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("videos_status_check", sql`${table.status} in ('draft', 'published')`),
    check("videos_views_count_check", sql`${table.viewsCount} >= 0`),
    // The media library's published videos and the staff list (docs/decisions/036).
    index("videos_status_created_at_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
    index("videos_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url").notNull(),
    categoryId: categoryId(),
    authorId: authorId(),
    createdAt: createdAt(),
  },
  (table) => [index("images_created_at_idx").on(table.createdAt.desc(), table.id.desc())],
);

/** Every saved value of a page text, newest last: the in-place editor's history. */
export const pageContentRevisions = pgTable(
  "page_content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pagePath: text("page_path").notNull(),
    contentKey: text("content_key").notNull(),
    contentValue: text("content_value").notNull(),
    contentType: text("content_type", { enum: contentTypes }).notNull().default("text"),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("page_content_revisions_block_idx").on(
      table.pagePath,
      table.contentKey,
      table.savedAt.desc(),
    ),
  ],
);

/** Every save of a post keeps what it saved: who, when, and the texts (docs/decisions/030). */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("post_revisions_post_idx").on(table.postId, table.savedAt.desc())],
);

/**
 * The post form's autosave: one unsaved draft per person and post (`post_key` is the post's
 * id, or "new" for a post not saved yet), offered back when the form is opened again.
 */
export const postDrafts = pgTable(
  "post_drafts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postKey: text("post_key").notNull(),
    fields: jsonb("fields").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postKey] })],
);
