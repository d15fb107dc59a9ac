import {
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  lte,
  max,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { isOurImage } from "~/models/images.server";
import { ConflictError, InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import { SHARE_IMAGE_NOT_OURS } from "~/shared/image-rules";
import { ALL_NEWS_CHIP, FEATURED_LIMIT, UNCATEGORISED } from "~/shared/news";
import { type Paged, pageWindow, toPaged } from "~/shared/pagination";
import { type PostStatus, publishedAtFor, toggledStatus } from "~/shared/post-status";
import { type Actor, assertRole } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import {
  containingAny,
  isUuid,
  newestFirst,
  violatedUniqueConstraint,
} from "~/utils/db-helpers.server";
import { removeImage, storeImage } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import { cachedRead } from "~/utils/read-cache.server";
import { htmlToPlainText, toPostHtml } from "~/utils/rich-text.server";
import { categories, postDrafts, postRevisions, posts, users } from "../../database/schema";

/** The fields a visitor may see of a published post in a list; `content` is its plain text. */
const publicPostColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  content: posts.contentText,
  featuredImage: posts.featuredImage,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  viewsCount: posts.viewsCount,
  categoryName: categories.name,
  authorName: users.fullName,
};

/** A post's own page adds its HTML and its search-engine fields. */
const publicPostPageColumns = {
  ...publicPostColumns,
  html: posts.content,
  metaDescription: posts.metaDescription,
  shareImage: posts.shareImage,
  canonicalUrl: posts.canonicalUrl,
};

/**
 * Public means published and due: a post scheduled for later stays hidden until the app's
 * clock reaches its published_at (docs/decisions/031).
 */
export const publicPosts = () => and(eq(posts.status, "published"), lte(posts.publishedAt, now()));

/**
 * Published, due posts, newest `published_at` first. Drafts, archived and scheduled posts
 * can never come out of here: the filter is not a parameter.
 */
export async function listPublishedPosts() {
  return selectPublicPosts().orderBy(desc(posts.publishedAt));
}

/** Published, due posts as a list shows them (category and author by name), `where` narrowing. */
function selectPublicPosts(where?: SQL) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(users, eq(posts.authorId, users.id))
    .where(and(publicPosts(), where));
}

export type PublicPost = Awaited<ReturnType<typeof listPublishedPosts>>[number];

async function selectPostPage(condition: SQL | undefined) {
  const [post] = await db
    .select(publicPostPageColumns)
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(users, eq(posts.authorId, users.id))
    .where(condition);
  return post ?? null;
}

// ─── The news page, a page at a time (docs/decisions/027) ───────────────────────────────────

export const NEWS_PAGE_SIZE = 20;

// "nulls last" as the indexes on published_at and created_at are, so a page is an index scan;
// the id breaks ties, so pages neither overlap nor skip (docs/decisions/036).
const newestPublishedFirst = newestFirst(posts.publishedAt, posts.id);
const newestCreatedFirst = newestFirst(posts.createdAt, posts.id);

/** Posts of a category chip: the uncategorised ones for 'عام'; every post for no chip. */
function inChip(chip: string | null | undefined): SQL | undefined {
  if (!chip || chip === ALL_NEWS_CHIP) return undefined;
  if (chip === UNCATEGORISED) {
    return or(
      isNull(categories.name),
      eq(sql`trim(${categories.name})`, ""),
      eq(categories.name, chip),
    );
  }
  return eq(categories.name, chip);
}

/**
 * The public lists of posts are read once per change of the posts (a save, or a scheduled post
 * falling due: app/models/scheduled-posts.server.ts), as a stored page is, and at least once a
 * minute: categories and authors announce no changes of their own, so a renamed one shows within
 * a minute (docs/decisions/027, 095). Callers share what is kept and never change it.
 */
const PUBLIC_POSTS_KEPT = { ttlMs: 60_000 };

/** One page of the published posts of a chip, newest `published_at` first. */
export function listPublishedPostsPage({
  chip,
  page,
  size = NEWS_PAGE_SIZE,
}: {
  chip?: string | null;
  page: number;
  size?: number;
}): Promise<Paged<PublicPost>> {
  const key = `news:page:${size}:${page}:${chip ?? ""}`;
  return cachedRead(key, "posts", PUBLIC_POSTS_KEPT, async () => {
    const { limit, offset } = pageWindow(page, size);
    const rows = await selectPublicPosts(inChip(chip))
      .orderBy(...newestPublishedFirst)
      .limit(limit)
      .offset(offset);
    return toPaged(rows, page, size);
  });
}

/** The featured block: the newest published posts with a featured image (spec: first 6). */
export function listFeaturedPosts(): Promise<PublicPost[]> {
  return cachedRead("news:featured", "posts", PUBLIC_POSTS_KEPT, () =>
    selectPublicPosts(
      and(isNotNull(posts.featuredImage), ne(sql`trim(${posts.featuredImage})`, "")),
    )
      .orderBy(...newestPublishedFirst)
      .limit(FEATURED_LIMIT),
  );
}

/** How many posts the news feeds carry, newest first: each with its whole article. */
export const FEED_SIZE = 50;

/** The newest published, due posts with their HTML, for the news feeds. */
export async function listFeedPosts() {
  return db
    .select({ ...publicPostColumns, html: posts.content })
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(users, eq(posts.authorId, users.id))
    .where(publicPosts())
    .orderBy(...newestPublishedFirst)
    .limit(FEED_SIZE);
}

// ─── The sitemap's parts (docs/decisions/053) ──────────────────────────────────────────────

/** How many published, due posts there are: the sitemap index counts its parts with it. */
export async function countPublishedPosts(): Promise<number> {
  const [row] = await db.select({ count: count() }).from(posts).where(publicPosts());
  return row?.count ?? 0;
}

/**
 * One window of the published, due posts' addresses, oldest first (a new post lands in the last
 * part, the others keep their addresses), read along the status/published_at index.
 */
export async function listPublishedPostAddresses({
  limit,
  offset,
}: {
  limit: number;
  offset: number;
}): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(publicPosts())
    .orderBy(asc(posts.publishedAt), asc(posts.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The category names of the published posts, in the order their newest post comes (as the chips
 * showed them when every post was loaded); null for posts without a category.
 */
export function listPublishedCategoryNames(): Promise<(string | null)[]> {
  // It reads every published post: once per change of the posts, and at least once a minute
  // (categories announce no changes of their own; a renamed one shows within a minute).
  return cachedRead("news:category-names", "posts", PUBLIC_POSTS_KEPT, async () => {
    const rows = await db
      .select({ name: categories.name, newest: max(posts.publishedAt) })
      .from(posts)
      .leftJoin(categories, eq(posts.categoryId, categories.id))
      .where(publicPosts())
      .groupBy(categories.name)
      .orderBy(desc(max(posts.publishedAt)));
    return rows.map((row) => row.name);
  });
}

/** One published, due post by its slug, or null (drafts, archived and scheduled: not found). */
export async function getPublishedPost(slug: string) {
  return selectPostPage(and(publicPosts(), eq(posts.slug, slug)));
}

export type PublicPostPage = NonNullable<Awaited<ReturnType<typeof getPublishedPost>>>;

/** Any post by its slug as its public page would show it: for a signed preview link only. */
export async function getPostForPreview(slug: string) {
  return selectPostPage(eq(posts.slug, slug));
}

/** Counts a view of the published post at `slug` (nothing for a draft or a missing one). */
export async function countPostViewBySlug(slug: string) {
  await db
    .update(posts)
    .set({ viewsCount: sql`${posts.viewsCount} + 1` })
    .where(and(publicPosts(), eq(posts.slug, slug)));
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────
// Reads and changes need an editor (docs/decisions/020).

/** Where uploaded featured images live in storage (spec §7: posts/{timestamp}.{ext}). */
const IMAGE_FOLDER = "posts";
const POST_NOT_FOUND = "المقال غير موجود";

const notFound = () => new NotFoundError(POST_NOT_FOUND);

/** The autosave key of a post that has not been saved yet. */
export const NEW_POST_DRAFT = "new";

export const SLUG_TAKEN = "هذا الرابط مستخدم لمقال آخر، اختر رابطاً مختلفاً";

/** Another post already uses this slug. */
export class PostSlugTakenError extends ConflictError {
  constructor() {
    super(SLUG_TAKEN, "slug");
  }
}

export interface StaffPostFilters {
  /** Words searched in the title, excerpt, content and slug. */
  q?: string;
  status?: PostStatus;
}

/** The staff list's query: the posts that match, newest first, with category and author. */
function staffPostsQuery(filters: StaffPostFilters) {
  const conditions: SQL[] = [];
  const matches = containingAny(
    filters.q,
    posts.title,
    posts.excerpt,
    posts.contentText,
    posts.slug,
  );
  if (matches) conditions.push(matches);
  if (filters.status) conditions.push(eq(posts.status, filters.status));
  return db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      status: posts.status,
      featuredImage: posts.featuredImage,
      viewsCount: posts.viewsCount,
      createdAt: posts.createdAt,
      publishedAt: posts.publishedAt,
      categoryName: categories.name,
      authorName: users.fullName,
    })
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(users, eq(posts.authorId, users.id))
    .where(and(...conditions))
    .orderBy(...newestCreatedFirst)
    .$dynamic();
}

/** Twenty rows a page, as WordPress's lists: a phone's few screens, half a 50-row page's render (docs/decisions/083). */
export const STAFF_POSTS_PAGE_SIZE = 20;

/** One page of the staff list (docs/decisions/027). */
export async function listPostsPageForStaff(
  actor: Actor | null,
  filters: StaffPostFilters & { page: number },
) {
  assertRole(actor, "editor");
  const { limit, offset } = pageWindow(filters.page, STAFF_POSTS_PAGE_SIZE);
  const rows = await staffPostsQuery(filters).limit(limit).offset(offset);
  return toPaged(rows, filters.page, STAFF_POSTS_PAGE_SIZE);
}

export type StaffPostRow = Awaited<ReturnType<typeof listPostsPageForStaff>>["items"][number];

/** One post, whatever its status, for the edit form; null when there is none. */
export async function getPostForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [post] = await db.select().from(posts).where(eq(posts.id, id));
  return post ?? null;
}

export type StaffPost = NonNullable<Awaited<ReturnType<typeof getPostForStaff>>>;

/** What the post form saves. `content` is the editor's HTML (or plain text): it is sanitized here. */
export interface PostInput {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  categoryId: string | null;
  status: PostStatus;
  /** A published post's publication time; a future one schedules it. */
  publishAt?: Date | null;
  metaDescription?: string | null;
  shareImage?: string | null;
  canonicalUrl?: string | null;
}

/** The share image is not an image of ours (docs/decisions/035). */
export class PostShareImageError extends InvalidInputError {
  constructor() {
    super(SHARE_IMAGE_NOT_OURS, "shareImage");
  }
}

/**
 * A share image must be a gallery image or one of our uploads; `kept` (the one already stored)
 * is accepted as it is, so an older post still saves and restores.
 */
async function assertShareImage(url: string | null | undefined, kept: string | null = null) {
  if (!url || url === kept) return;
  if (!(await isOurImage(url))) throw new PostShareImageError();
}

export const EDIT_CONFLICT =
  "عدّل شخص آخر هذا المقال بعد أن فتحته، فلم يُحفظ شيء. انسخ تعديلاتك ثم أعد تحميل الصفحة لترى نسخته.";

/**
 * Someone else changed the post since it was shown: its form's `version` is out of date (the
 * whole form's error), or its status changed before a list's toggle applied.
 */
export class PostEditConflictError extends ConflictError {
  constructor(message = EDIT_CONFLICT) {
    super(message);
  }
}

/** The columns a save writes, with the content sanitized and its plain text beside it. */
function storedFields(input: PostInput, previousPublishedAt: Date | null) {
  const { publishAt, ...fields } = input;
  const content = toPostHtml(input.content);
  return {
    ...fields,
    content,
    contentText: htmlToPlainText(content),
    metaDescription: input.metaDescription || null,
    shareImage: input.shareImage || null,
    canonicalUrl: input.canonicalUrl || null,
    publishedAt: publishedAtFor(input.status, publishAt ?? previousPublishedAt, now()),
  };
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Every save keeps a revision (who, when, the texts) and ends the saver's autosaved draft. */
async function keepRevision(
  tx: Transaction,
  saved: { id: string; title: string; excerpt: string | null; content: string },
  editorId: string,
  draftKey: string,
) {
  await tx.insert(postRevisions).values({
    postId: saved.id,
    title: saved.title,
    excerpt: saved.excerpt,
    content: saved.content,
    savedBy: editorId,
  });
  await tx
    .delete(postDrafts)
    .where(and(eq(postDrafts.userId, editorId), eq(postDrafts.postKey, draftKey)));
}

/** A new featured image to store, or the current one to drop. */
export interface FeaturedImageChange {
  file?: File | null;
  remove?: boolean;
}

/**
 * Runs one database write that references a freshly stored image. If the write fails the
 * image is removed again, so a failed save leaves neither a row nor an orphan file.
 */
async function withStoredImage<T>(
  file: File | null | undefined,
  write: (imageUrl: string | null) => Promise<T>,
): Promise<T> {
  const stored = file ? await storeImage(file, IMAGE_FOLDER) : null;
  try {
    return await write(stored?.url ?? null);
  } catch (error) {
    if (stored) await removeImage(stored.url);
    if (violatedUniqueConstraint(error) === "posts_slug_unique") throw new PostSlugTakenError();
    throw error;
  }
}

/** Creates a post written by `actor` (spec §2.6); the image is stored first, then one insert. */
export async function createPost(actor: Actor | null, input: PostInput, image?: File | null) {
  const editor = assertRole(actor, "editor");
  await assertShareImage(input.shareImage);
  return withStoredImage(image, (imageUrl) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(posts)
        .values({ ...storedFields(input, null), featuredImage: imageUrl, authorId: editor.id })
        .returning();
      await keepRevision(tx, created, editor.id, NEW_POST_DRAFT);
      return { id: created.id, slug: created.slug, status: created.status };
    }),
  );
}

/**
 * Saves the edit form. As in the spec, the saving user becomes the author; a post that was
 * already published keeps its original published_at. A replaced or removed image is deleted
 * from storage only after the row no longer points at it.
 */
export async function updatePost(
  actor: Actor | null,
  id: string,
  input: PostInput,
  image: FeaturedImageChange = {},
  /** The `updated_at` the form was opened with (ISO); a different one is a conflict. */
  version?: string,
) {
  const editor = assertRole(actor, "editor");
  const current = await getPostForStaff(editor, id);
  if (!current) throw notFound();
  if (version && version !== current.updatedAt.toISOString()) throw new PostEditConflictError();
  await assertShareImage(input.shareImage, current.shareImage);
  const previousPublishedAt = current.status === "published" ? current.publishedAt : null;
  const updated = await withStoredImage(image.file, (newImageUrl) =>
    db.transaction(async (tx) => {
      const featuredImage = newImageUrl ?? (image.remove ? null : current.featuredImage);
      const [row] = await tx
        .update(posts)
        .set({
          ...storedFields(input, previousPublishedAt),
          featuredImage,
          authorId: editor.id,
          updatedAt: new Date(),
        })
        // Saved by someone else between the read and this write: refused, not overwritten.
        // PostgreSQL keeps microseconds, a JS Date milliseconds: compare at the Date's precision.
        .where(
          and(
            eq(posts.id, id),
            sql`date_trunc('milliseconds', ${posts.updatedAt}) = ${current.updatedAt.toISOString()}`,
          ),
        )
        .returning();
      if (!row) throw new PostEditConflictError();
      await keepRevision(tx, row, editor.id, id);
      return row;
    }),
  );
  if (current.featuredImage && current.featuredImage !== updated.featuredImage) {
    await removeImage(current.featuredImage);
  }
  return updated;
}

/**
 * The list's publish toggle (spec §4): published → draft (published_at cleared), draft or
 * archived → published (published_at now). The update only applies if nobody changed the
 * status in between, so two clicks from two screens cannot undo each other silently.
 */
export async function togglePostStatus(actor: Actor | null, id: string) {
  const editor = assertRole(actor, "editor");
  const current = await getPostForStaff(editor, id);
  if (!current) throw notFound();
  const status = toggledStatus(current.status);
  const [row] = await db
    .update(posts)
    .set({ status, publishedAt: publishedAtFor(status, null, now()), updatedAt: new Date() })
    .where(and(eq(posts.id, id), eq(posts.status, current.status)))
    .returning({ id: posts.id, status: posts.status, publishedAt: posts.publishedAt });
  if (!row) {
    logger.warn({ id }, "post status changed by someone else during a toggle");
    throw new PostEditConflictError("تغيّرت حالة المقال قبل قليل، حدّث الصفحة وحاول مجدداً");
  }
  return row;
}

/** Deletes a post and then its featured image files. */
export async function deletePost(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [deleted] = await db
    .delete(posts)
    .where(eq(posts.id, id))
    .returning({ id: posts.id, featuredImage: posts.featuredImage });
  if (!deleted) throw notFound();
  await removeImage(deleted.featuredImage);
  return deleted;
}
