import type { Params } from "react-router";
import type { z } from "zod";
import { draftKeyOf, getAutosave, listPostRevisions } from "~/models/post-revisions.server";
import { createPost, getPostForStaff, updatePost } from "~/models/posts.server";
import { getStaffActor } from "~/services/permissions.server";
import { loadStaffForm } from "~/services/staff-forms.server";
import { InvalidInputError } from "~/shared/domain-errors";
import { postPath } from "~/shared/paths";
import type { PostStatus } from "~/shared/post-status";
import type { Actor } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { createPreviewToken } from "~/utils/preview-token.server";
import { htmlToPlainText, toPostHtml } from "~/utils/rich-text.server";
import { CONTENT_REQUIRED, type postFormSchema } from "./post-schema";

/** The post form's loader (new and edit): the post, the categories and the editor's extras. */
export async function loadPostForm(request: Request, params: Params) {
  const { entry, ...form } = await loadStaffForm(request, params, {
    load: getPostForStaff,
    loadFailed: "فشل في تحميل بيانات المقال",
    notFoundMessage: "المقال غير موجود",
    what: "post",
  });
  if (!entry) return { post: null, ...form, ...(await editorExtras(request, undefined, null)) };
  const { content, ...post } = entry;
  return {
    // The content is sanitized again on the way out: one allowlist for save and render.
    post: { ...post, content: toPostHtml(content), updatedAt: post.updatedAt.toISOString() },
    ...form,
    ...(await editorExtras(request, post.id, post)),
  };
}

/**
 * What the rich editor adds to the form: the person's unsaved draft, the revisions, whether
 * the post is scheduled, and a signed preview link. Failures only cost the extra, not the form.
 */
async function editorExtras(
  request: Request,
  postId: string | undefined,
  post: { slug: string; status: PostStatus; publishedAt: Date | null; contentText: string } | null,
) {
  const actor = await getStaffActor(request);
  const key = draftKeyOf(postId);
  const [autosave, revisions] = await Promise.all([
    key ? getAutosave(actor, key).catch(() => null) : null,
    postId ? listPostRevisions(actor, postId).catch(() => []) : [],
  ]);
  if (!post || !postId)
    return { autosave, revisions: [], scheduledFor: null, previewPath: null, currentText: "" };
  const scheduled = post.status === "published" && post.publishedAt && post.publishedAt > now();
  return {
    autosave,
    revisions: revisions.map(({ content, ...revision }) => ({
      ...revision,
      text: htmlToPlainText(content),
    })),
    scheduledFor: scheduled ? post.publishedAt : null,
    previewPath: `${postPath(post.slug)}?preview=${createPreviewToken(postId)}`,
    currentText: post.contentText,
  };
}

/** Creates the post (no `id`) or updates it, with its featured image. */
export function savePost(actor: Actor, value: z.output<typeof postFormSchema>, id?: string) {
  const { featuredImage, removeImage, excerpt, categoryId, version, publishAt, ...fields } = value;
  // Markup that sanitizes to nothing (only a script, say) is no content at all.
  if (!toPostHtml(fields.content)) throw new InvalidInputError(CONTENT_REQUIRED, "content");
  const input = {
    ...fields,
    excerpt: excerpt || null,
    categoryId: categoryId ?? null,
    publishAt: publishAt ?? null,
  };
  return id
    ? updatePost(actor, id, input, { file: featuredImage, remove: removeImage }, version)
    : createPost(actor, input, featuredImage);
}
