import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { containingPattern, isUuid, violatedUniqueConstraint } from "~/utils/db-helpers.server";
import { removeImage, storeImage } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import { type PostStatus, publishedAtFor, toggledStatus } from "~/utils/post-status";
import { type Actor, assertRole } from "~/utils/roles";
import { categories, posts, users } from "../../database/schema";

/** The fields a visitor may see of a published post. */
const publicPostColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  content: posts.content,
  featuredImage: posts.featuredImage,
  publishedAt: posts.publishedAt,
  viewsCount: posts.viewsCount,
  categoryName: categories.name,
  authorName: users.fullName,
};

const isPublished = eq(posts.status, "published");

/**
 * Published posts, newest `published_at` first. Drafts and archived posts can never come out
 * of here: the status filter is not a parameter.
 */
export async function listPublishedPosts() {
  return db
    .select(publicPostColumns)
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(users, eq(posts.authorId, users.id))
    .where(isPublished)
    .orderBy(desc(posts.publishedAt));
}

export type PublicPost = Awaited<ReturnType<typeof listPublishedPosts>>[number];

/** One published post by its slug, or null (drafts and archived posts are not found). */
export async function getPublishedPost(slug: string): Promise<PublicPost | null> {
  const [post] = await db
    .select(publicPostColumns)
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(users, eq(posts.authorId, users.id))
    .where(and(isPublished, eq(posts.slug, slug)));
  return post ?? null;
}

/** Counts a view of the published post at `slug` (nothing for a draft or a missing one). */
export async function countPostViewBySlug(slug: string) {
  await db
    .update(posts)
    .set({ viewsCount: sql`${posts.viewsCount} + 1` })
    .where(and(isPublished, eq(posts.slug, slug)));
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────
// Reads and changes need an editor (docs/decisions/020).

/** Where uploaded featured images live in storage (spec §7: posts/{timestamp}.{ext}). */
const IMAGE_FOLDER = "posts";
const POST_NOT_FOUND = "المقال غير موجود";

const notFound = () => new Response(POST_NOT_FOUND, { status: 404 });

/** Another post already uses this slug. */
export class PostSlugTakenError extends Error {
  override name = "PostSlugTakenError";
}

export interface StaffPostFilters {
  /** Words searched in the title, excerpt, content and slug. */
  q?: string;
  status?: PostStatus;
}

/** Every post, newest first, with its category and author, for the staff list (spec §2.5). */
export async function listPostsForStaff(actor: Actor | null, filters: StaffPostFilters = {}) {
  assertRole(actor, "editor");
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const pattern = containingPattern(q);
    const matches = or(
      ilike(posts.title, pattern),
      ilike(posts.excerpt, pattern),
      ilike(posts.content, pattern),
      ilike(posts.slug, pattern),
    );
    if (matches) conditions.push(matches);
  }
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
    .orderBy(desc(posts.createdAt));
}

export type StaffPostRow = Awaited<ReturnType<typeof listPostsForStaff>>[number];

/** One post, whatever its status, for the edit form; null when there is none. */
export async function getPostForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [post] = await db.select().from(posts).where(eq(posts.id, id));
  return post ?? null;
}

export type StaffPost = NonNullable<Awaited<ReturnType<typeof getPostForStaff>>>;

/** What the post form saves. */
export interface PostInput {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  categoryId: string | null;
  status: PostStatus;
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
  return withStoredImage(image, async (imageUrl) => {
    const [created] = await db
      .insert(posts)
      .values({
        ...input,
        featuredImage: imageUrl,
        authorId: editor.id,
        publishedAt: publishedAtFor(input.status),
      })
      .returning({ id: posts.id, slug: posts.slug, status: posts.status });
    return created;
  });
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
) {
  const editor = assertRole(actor, "editor");
  const current = await getPostForStaff(editor, id);
  if (!current) throw notFound();
  const previousPublishedAt = current.status === "published" ? current.publishedAt : null;
  const updated = await withStoredImage(image.file, async (newImageUrl) => {
    const featuredImage = newImageUrl ?? (image.remove ? null : current.featuredImage);
    const [row] = await db
      .update(posts)
      .set({
        ...input,
        featuredImage,
        authorId: editor.id,
        publishedAt: publishedAtFor(input.status, previousPublishedAt),
        updatedAt: new Date(),
      })
      .where(eq(posts.id, id))
      .returning({ id: posts.id, slug: posts.slug, featuredImage: posts.featuredImage });
    return row;
  });
  if (!updated) throw notFound();
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
    .set({ status, publishedAt: publishedAtFor(status), updatedAt: new Date() })
    .where(and(eq(posts.id, id), eq(posts.status, current.status)))
    .returning({ id: posts.id, status: posts.status, publishedAt: posts.publishedAt });
  if (!row) {
    logger.warn({ id }, "post status changed by someone else during a toggle");
    throw new Response("تغيّرت حالة المقال قبل قليل، حدّث الصفحة وحاول مجدداً", { status: 409 });
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
