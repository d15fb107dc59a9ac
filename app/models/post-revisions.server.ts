import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { NotFoundError } from "~/shared/domain-errors";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { isUuid } from "~/utils/db-helpers.server";
import { sanitizePostHtml } from "~/utils/rich-text.server";
import { postDrafts, postRevisions, posts, users } from "../../database/schema";
import { getPostForStaff, NEW_POST_DRAFT, updatePost } from "./posts.server";

// Revisions and autosaved drafts of posts (docs/decisions/030). Editors and admins only.

/** How many revisions the form lists (older ones are kept, just not shown). */
const LISTED_REVISIONS = 30;

/** A post's revisions, newest first, with who saved each. */
export async function listPostRevisions(actor: Actor | null, postId: string) {
  assertRole(actor, "editor");
  if (!isUuid(postId)) return [];
  return db
    .select({
      id: postRevisions.id,
      title: postRevisions.title,
      excerpt: postRevisions.excerpt,
      content: postRevisions.content,
      savedAt: postRevisions.savedAt,
      savedByName: users.fullName,
    })
    .from(postRevisions)
    .leftJoin(users, eq(postRevisions.savedBy, users.id))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.savedAt))
    .limit(LISTED_REVISIONS);
}

export type PostRevision = Awaited<ReturnType<typeof listPostRevisions>>[number];

export const REVISION_NOT_FOUND = "هذه النسخة غير موجودة";

/**
 * Puts a revision's title, excerpt and content back as the post's current text. It is a
 * save like any other: it keeps its own revision, and status, slug and image stay as they are.
 */
export async function restorePostRevision(actor: Actor | null, postId: string, revisionId: string) {
  const editor = assertRole(actor, "editor");
  const post = await getPostForStaff(editor, postId);
  if (!post || !isUuid(revisionId)) throw new NotFoundError(REVISION_NOT_FOUND);
  const [revision] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)));
  if (!revision) throw new NotFoundError(REVISION_NOT_FOUND);
  return updatePost(editor, postId, {
    title: revision.title,
    slug: post.slug,
    excerpt: revision.excerpt,
    content: revision.content,
    categoryId: post.categoryId,
    status: post.status,
    publishAt: post.publishedAt,
    metaDescription: post.metaDescription,
    shareImage: post.shareImage,
    canonicalUrl: post.canonicalUrl,
  });
}

/** What an autosave keeps of the form: the texts (files are not autosaved). */
export const draftFieldsSchema = z.object({
  title: z.string().max(1000).default(""),
  excerpt: z.string().max(2000).default(""),
  content: z.string().max(200_000).default(""),
});

export type DraftFields = z.infer<typeof draftFieldsSchema>;

/** The key of a post's autosave: its id, or "new" for a post not saved yet. */
export function draftKeyOf(postId: string | undefined): string | null {
  if (!postId) return NEW_POST_DRAFT;
  return isUuid(postId) ? postId : null;
}

/** Keeps the editor's unsaved texts of one post (one draft per person and post). */
export async function saveAutosave(actor: Actor | null, key: string, fields: DraftFields) {
  const editor = assertRole(actor, "editor");
  const stored = { ...fields, content: sanitizePostHtml(fields.content) };
  const savedAt = new Date();
  await db
    .insert(postDrafts)
    .values({ userId: editor.id, postKey: key, fields: stored, savedAt })
    .onConflictDoUpdate({
      target: [postDrafts.userId, postDrafts.postKey],
      set: { fields: stored, savedAt },
    });
  return { savedAt };
}

/**
 * The editor's autosaved draft of a post, when it is newer than the post's last save (an
 * older one was overtaken by a save and is of no use).
 */
export async function getAutosave(actor: Actor | null, key: string) {
  const editor = assertRole(actor, "editor");
  const [draft] = await db
    .select()
    .from(postDrafts)
    .where(and(eq(postDrafts.userId, editor.id), eq(postDrafts.postKey, key)));
  if (!draft) return null;
  if (key !== NEW_POST_DRAFT) {
    const [post] = await db
      .select({ updatedAt: posts.updatedAt })
      .from(posts)
      .where(eq(posts.id, key));
    if (!post || post.updatedAt >= draft.savedAt) return null;
  }
  const fields = draftFieldsSchema.safeParse(draft.fields);
  return fields.success ? { fields: fields.data, savedAt: draft.savedAt } : null;
}

export async function discardAutosave(actor: Actor | null, key: string) {
  const editor = assertRole(actor, "editor");
  await db
    .delete(postDrafts)
    .where(and(eq(postDrafts.userId, editor.id), eq(postDrafts.postKey, key)));
}
