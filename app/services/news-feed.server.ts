import { listFeedPosts } from "~/models/posts.server";
import { getSiteUrlSetting } from "~/models/site-settings.server";
import { SITE_NAME } from "~/shared/meta";
import { excerptOf, LIST_EXCERPT_LENGTH } from "~/shared/news";
import { postPath } from "~/shared/paths";
import { now } from "~/utils/clock.server";
import { getSiteUrl } from "~/utils/env.server";
import { atom1, type FeedChannel, rss2 } from "~/utils/feed-xml.server";
import { feedPostHtml } from "~/utils/rich-text.server";

// What feed readers and robots read: robots.txt and the news feed (the sitemap is
// ./sitemap.server.ts). The feed lists published, due posts only (listFeedPosts), like the news page.

/**
 * The site's public address without a trailing slash: the setting, else SITE_URL (default
 * `http://localhost:PORT`). Never the request's Host: what is cached or shared must not be
 * decided by whoever sent the first request (docs/decisions/066).
 */
export async function publicBaseUrl(): Promise<string> {
  return (await getSiteUrlSetting().catch(() => null)) ?? getSiteUrl();
}

const absolute = (base: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${base}${path}`;

/** robots.txt: everything public may be read; the staff and account areas are not for robots. */
export function buildRobots(base: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /auth",
    "Disallow: /profile",
    "Disallow: /setup",
    "Disallow: /account",
    "Disallow: /api/",
    "",
    // The sitemap index: it names the parts (docs/decisions/053).
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The news feed, newest first: RSS 2.0 or Atom 1.0 (docs/decisions/037). Titles and summaries
 * are the post's plain text; the article is the page's sanitized HTML.
 */
export async function buildNewsFeed(base: string, format: "rss" | "atom"): Promise<string> {
  const posts = await listFeedPosts();
  const feed: FeedChannel = {
    title: `أخبار ${SITE_NAME}`,
    description: `آخر أخبار ${SITE_NAME}`,
    link: `${base}/media/news`,
    rssUrl: `${base}/feed.xml`,
    atomUrl: `${base}/atom.xml`,
    language: "ar",
    rights: SITE_NAME,
    updated: posts[0]?.publishedAt ?? now(),
    entries: posts.map((post) => ({
      link: absolute(base, postPath(post.slug)),
      title: post.title,
      summary: excerptOf(post, LIST_EXCERPT_LENGTH),
      html: feedPostHtml(post.html, base),
      date: post.publishedAt ?? post.updatedAt,
      author: post.authorName,
      category: post.categoryName,
      image: post.featuredImage ? absolute(base, post.featuredImage) : null,
    })),
  };
  return format === "rss" ? rss2(feed) : atom1(feed);
}
