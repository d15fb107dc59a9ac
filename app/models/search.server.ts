import { sql } from "drizzle-orm";
import { SEARCHABLE_PAGES } from "~/content/search-pages";
import { PUBLIC_ROWS } from "~/models/change-visibility.server";
import { matchesAll, queryWords, type SearchKind, toTsQuery } from "~/shared/arabic-search";
import { postPath } from "~/shared/paths";
import { db } from "~/utils/db.server";
import { images, pageContent, posts, videos } from "../../database/schema";

/**
 * The site search (docs/decisions/045): published, due posts, published videos, images, and the
 * page texts (built-in and edited). Nothing else can come out of here: the public conditions are
 * the realtime filter's own (`PUBLIC_ROWS`), not parameters.
 */

export const SEARCH_PAGE_SIZE = 10;
/** Deeper pages are not offered: nobody reads them, and each one reads more rows. */
export const SEARCH_MAX_PAGE = 20;
/** How much of a long text the snippet is looked for in. */
const BODY_CHARS = 4000;

export interface SearchHit {
  kind: SearchKind;
  title: string;
  href: string;
  body: string;
  date: Date | null;
  titleMatch: boolean;
}

const normalisedVector = (text: ReturnType<typeof sql>) =>
  sql`to_tsvector('simple', rifq_search_text(${text}))`;

/** The matching rows of the tables, best first, `limit` of them at most. */
async function searchTables(tsQuery: string, limit: number): Promise<SearchHit[]> {
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  const postText = sql`${posts.title} || ' ' || ${posts.contentText}`;
  const videoText = sql`${videos.title} || ' ' || coalesce(${videos.description}, '')`;
  const imageText = sql`${images.title} || ' ' || coalesce(${images.description}, '')`;
  const result = await db.execute<{
    kind: SearchKind;
    key: string;
    title: string;
    body: string;
    date: Date | string | null;
    title_match: boolean;
  }>(sql`
    select 'post' as kind, ${posts.slug} as key, ${posts.title} as title,
      left(${posts.contentText}, ${BODY_CHARS}) as body, ${posts.publishedAt} as date,
      ${normalisedVector(sql`${posts.title}`)} @@ ${query} as title_match
    from ${posts} where ${PUBLIC_ROWS.posts()} and ${normalisedVector(postText)} @@ ${query}
    union all
    select 'video', ${videos.id}::text, ${videos.title}, left(coalesce(${videos.description}, ''), ${BODY_CHARS}),
      ${videos.createdAt}, ${normalisedVector(sql`${videos.title}`)} @@ ${query}
    from ${videos} where ${PUBLIC_ROWS.videos()} and ${normalisedVector(videoText)} @@ ${query}
    union all
    select 'image', ${images.id}::text, ${images.title}, left(coalesce(${images.description}, ''), ${BODY_CHARS}),
      ${images.createdAt}, ${normalisedVector(sql`${images.title}`)} @@ ${query}
    from ${images} where ${normalisedVector(imageText)} @@ ${query}
    order by title_match desc, date desc nulls last, key
    limit ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    href: row.kind === "post" ? postPath(row.key) : `/media/gallery?type=${row.kind}s`,
    body: row.body,
    date: row.date === null ? null : new Date(row.date),
    titleMatch: row.title_match,
  }));
}

/** An edited text's words without its markup (it is sanitized HTML or plain text). */
const plainText = (value: string) =>
  value
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The pages whose texts (built-in or edited) hold every word: one hit a page. */
async function searchPages(words: string[]): Promise<SearchHit[]> {
  const rows = await db
    .select({ path: pageContent.pagePath, value: pageContent.contentValue })
    .from(pageContent);
  const edited = new Map<string, string[]>();
  for (const row of rows) {
    edited.set(row.path, [...(edited.get(row.path) ?? []), plainText(row.value)]);
  }
  const hits: SearchHit[] = [];
  for (const page of SEARCHABLE_PAGES) {
    const texts = [...(edited.get(page.path) ?? []), ...page.texts];
    const titleMatch = matchesAll(page.title, words);
    const body = texts.find((text) => matchesAll(text, words));
    if (!titleMatch && body === undefined && !matchesAll(texts.join(" "), words)) continue;
    hits.push({
      kind: "page",
      title: page.title,
      href: page.path,
      body: body ?? texts.join(" ").slice(0, BODY_CHARS),
      date: null,
      titleMatch,
    });
  }
  return hits;
}

const byRank = (a: SearchHit, b: SearchHit) =>
  Number(b.titleMatch) - Number(a.titleMatch) ||
  (b.date?.getTime() ?? Number.NEGATIVE_INFINITY) - (a.date?.getTime() ?? Number.NEGATIVE_INFINITY);

export interface SearchPage {
  words: string[];
  items: SearchHit[];
  page: number;
  hasMore: boolean;
}

/**
 * One page of what matches `query` for anyone (signed out included): title matches first, then
 * the newest. A query with no letter or digit in it finds nothing (and asks the database nothing).
 */
export async function searchSite(query: string, requestedPage: number): Promise<SearchPage> {
  const words = queryWords(query);
  const page = Math.min(Math.max(requestedPage, 1), SEARCH_MAX_PAGE);
  if (words.length === 0) return { words, items: [], page, hasMore: false };
  const wanted = page * SEARCH_PAGE_SIZE + 1;
  const [tableHits, pageHits] = await Promise.all([
    searchTables(toTsQuery(words), wanted),
    searchPages(words),
  ]);
  const ranked = [...tableHits, ...pageHits].sort(byRank);
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  return {
    words,
    items: ranked.slice(start, start + SEARCH_PAGE_SIZE),
    page,
    hasMore: ranked.length > start + SEARCH_PAGE_SIZE,
  };
}
