import { MENU, type MenuItem } from "~/content/menu";
import { listPublishedPagePaths } from "~/models/pages.server";
import { listFeedPosts, listPublishedPosts } from "~/models/posts.server";
import { getSiteUrlSetting } from "~/models/site-settings.server";
import { SITE_NAME } from "~/shared/meta";
import { excerptOf, LIST_EXCERPT_LENGTH } from "~/shared/news";
import { postPath } from "~/shared/paths";
import { now } from "~/utils/clock.server";
import { getEnv } from "~/utils/env.server";
import { atom1, type FeedChannel, rss2 } from "~/utils/feed-xml.server";
import { feedPostHtml } from "~/utils/rich-text.server";

// What search engines and feed readers read: the sitemap, robots.txt and the news feed. Each
// lists published, due posts only (listPublishedPosts, listFeedPosts), like the news page.

/** The site's public address without a trailing slash: the setting, else SITE_URL, else the request's. */
export async function publicBaseUrl(request: Request): Promise<string> {
  const configured = (await getSiteUrlSetting().catch(() => null)) ?? getEnv().SITE_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}

const absolute = (base: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${base}${path}`;

const menuPaths = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [item.path, ...menuPaths(item.subItems ?? [])]);

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The sitemap (sitemaps.org 0.9): the menu's pages, then every published, due post. */
export async function buildSitemap(base: string): Promise<string> {
  const pages = [...new Set([...menuPaths(MENU), "/media/news", "/privacy"])];
  const posts = await listPublishedPosts();
  const entries = [
    ...pages.map((path) => ({ loc: absolute(base, path), lastmod: null as Date | null })),
    ...posts.map((post) => ({ loc: absolute(base, postPath(post.slug)), lastmod: post.updatedAt })),
    // Pages built from blocks (docs/decisions/049): one more source of addresses.
    ...(await listPublishedPagePaths()).map((page) => ({
      loc: absolute(base, page.path),
      lastmod: page.updatedAt,
    })),
  ];
  const urls = entries
    .map(
      ({ loc, lastmod }) =>
        `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

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
