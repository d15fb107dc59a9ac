import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
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

/** Counts one visit of a published post's page. */
export async function countPostView(id: string) {
  await db
    .update(posts)
    .set({ viewsCount: sql`${posts.viewsCount} + 1` })
    .where(and(isPublished, eq(posts.id, id)));
}
