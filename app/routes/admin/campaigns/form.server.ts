import { getPublishedPost, listPublishedPostsPage } from "~/models/posts.server";
import { postPath } from "~/shared/paths";
import { logger } from "~/utils/logger.server";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The latest published posts a new campaign may start from. */
export async function postsToStartFrom() {
  try {
    const { items } = await listPublishedPostsPage({ page: 1, size: 30 });
    return items.map((post) => ({ slug: post.slug, title: post.title }));
  } catch (error) {
    logger.error({ err: error }, "failed to list the posts a campaign may start from");
    return [];
  }
}

/**
 * A new campaign started from a published post: its title as the subject, and its excerpt,
 * image and a link to it as the body (the form's sanitizer runs on save as for any body).
 */
export async function campaignFromPost(slug: string | null) {
  if (!slug) return null;
  const post = await getPublishedPost(slug.slice(0, 200));
  if (!post) return null;
  const body = [
    post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>` : "",
    post.featuredImage
      ? `<figure><img src="${escapeHtml(post.featuredImage)}" alt="${escapeHtml(post.title)}"></figure>`
      : "",
    `<p><a href="${escapeHtml(postPath(post.slug))}">اقرأ الخبر كاملاً على موقع الجمعية</a></p>`,
  ].join("");
  return { slug: post.slug, subject: post.title, body };
}
