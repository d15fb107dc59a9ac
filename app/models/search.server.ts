import { type SQL, sql } from "drizzle-orm";
import { SEARCHABLE_PAGES, type SearchablePage } from "~/content/search-pages";
import { publicImages } from "~/models/images.server";
import { publicPages } from "~/models/page-visibility.server";
import { publicPosts } from "~/models/posts.server";
import { publicVideos } from "~/models/videos.server";
import {
  matchesAll,
  matchesSearchText,
  queryWords,
  type SearchKind,
  searchText,
  toTsQuery,
} from "~/shared/arabic-search";
import { CONTENT_TYPES, type ContentTypeName } from "~/shared/content-types";
import { pagePublicPath } from "~/shared/page-blocks";
import { postPath } from "~/shared/paths";
import { db } from "~/utils/db.server";
import { images, pageContent, pages, posts, videos } from "../../database/schema";

/**
 * The site search (docs/decisions/045): published, due posts, published videos, images, and the
 * page texts (built-in and edited). Nothing else can come out of here: the public conditions are
 * each table's model's own predicate (`publicPosts()`…), not parameters.
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

interface SearchableTable {
  kind: Exclude<SearchKind, "page">;
  table: typeof posts | typeof videos | typeof images | typeof pages;
  id: SQL;
  key: SQL;
  title: SQL;
  body: SQL;
  /** The date results are ordered by: the one of the table's date index (with `id`). */
  date: SQL;
  isPublic: SQL | undefined;
}

/**
 * Each content type's searchable rows, keyed by the registry's names (the compiler asks a new
 * type for its entry): its columns and its model's public predicate, or null when the type is not
 * searched. Which kind of hit it is comes from its declaration's `searchKind`, and a type that
 * declares one must have its columns here (docs/decisions/063).
 */
export const SEARCH_SOURCES: Record<ContentTypeName, (() => Omit<SearchableTable, "kind">) | null> =
  {
    posts: () => ({
      table: posts,
      id: sql`${posts.id}`,
      key: sql`${posts.slug}`,
      title: sql`${posts.title}`,
      body: sql`${posts.contentText}`,
      date: sql`${posts.publishedAt}`,
      isPublic: publicPosts(),
    }),
    videos: () => ({
      table: videos,
      id: sql`${videos.id}`,
      key: sql`${videos.id}::text`,
      title: sql`${videos.title}`,
      body: sql`coalesce(${videos.description}, '')`,
      date: sql`${videos.createdAt}`,
      isPublic: publicVideos(),
    }),
    images: () => ({
      table: images,
      id: sql`${images.id}`,
      key: sql`${images.id}::text`,
      title: sql`${images.title}`,
      body: sql`coalesce(${images.description}, '')`,
      date: sql`${images.createdAt}`,
      isPublic: publicImages(),
    }),
    documents: null,
    // Pages built from blocks (docs/decisions/049): `blocks_text` holds their blocks' texts.
    pages: () => ({
      table: pages,
      id: sql`${pages.id}`,
      key: sql`${pages.slug}`,
      title: sql`${pages.title}`,
      body: sql`${pages.blocksText}`,
      date: sql`${pages.publishedAt}`,
      isPublic: publicPages(),
    }),
    events: null,
    campaigns: null,
    forms: null,
  };

/** The searched tables: the types whose declaration names a `searchKind`, in the registry's order. */
export const SEARCHABLE_TABLES = (): SearchableTable[] =>
  (Object.keys(CONTENT_TYPES) as ContentTypeName[]).flatMap((name) => {
    const kind = CONTENT_TYPES[name].searchKind;
    const source = SEARCH_SOURCES[name];
    if (kind === null && source === null) return [];
    if (kind === null || kind === "page" || source === null) {
      throw new Error(`content type ${name}: its searchKind and SEARCH_SOURCES disagree`);
    }
    return [{ kind, ...source() }];
  });

type TableHit = Omit<SearchHit, "body" | "href"> & {
  kind: SearchableTable["kind"];
  id: string;
  key: string;
};

/**
 * How many of a table's newest public rows are tested before its GIN index is asked instead, per
 * result wanted: a word in at least one row in twenty of the newest is served from them.
 */
const RECENT_ROWS_PER_RESULT = 20;

/**
 * The newest public rows of each table that pass `matches` (a test of the stored vectors of
 * database/migrations/0017), `limit` of each at most, in the order of the table's date index.
 * First the newest `limit × 20` rows are read through that index, each tested until `limit`
 * pass: a word most rows hold costs a page of rows, however many rows hold it. A table where
 * fewer pass is asked again through its GIN index, whose matches (few: the word is rare among
 * the newest rows) are then sorted. Neither way counts all the matches, and the planner's guess
 * of how common a word is (wrong for words of titles, and absent on an unanalyzed PGlite)
 * decides nothing.
 */
async function newestMatches(matches: SQL, limit: number, titleMatch: boolean) {
  const tables = SEARCHABLE_TABLES();
  const columns = (source: SearchableTable) =>
    sql`${source.kind}::text as kind, ${source.id} as id, ${source.key} as key,
      ${source.title} as title, ${source.date} as date`;
  const newestFirst = (source: SearchableTable) =>
    sql`order by ${source.date} desc nulls last, ${source.id} desc nulls last`;
  // A filter over the ordered subquery keeps its order (no sort: it stops at `limit`).
  const recent = (source: SearchableTable) =>
    sql`(select kind, id, key, title, date from (
        select ${columns(source)}, title_vector, search_vector from ${source.table}
        where ${source.isPublic} ${newestFirst(source)} limit ${limit * RECENT_ROWS_PER_RESULT}
      ) as newest where ${matches} limit ${limit})`;
  // Materialized: planned on its own, without the order the date index offers.
  const indexed = (source: SearchableTable) =>
    sql`(with found as materialized (select ${columns(source)} from ${source.table}
        where ${source.isPublic} and ${matches})
      select kind, id, key, title, date from found order by date desc nulls last, id desc nulls last
      limit ${limit})`;
  const rowsOf = async (parts: SQL[]) =>
    (await db.execute<TableRow>(sql.join(parts, sql` union all `))).rows;
  const fromRecent = await rowsOf(tables.map(recent));
  const rare = tables.filter(
    (source) => fromRecent.filter((row) => row.kind === source.kind).length < limit,
  );
  const rows = [
    ...fromRecent.filter((row) => !rare.some((source) => source.kind === row.kind)),
    ...(rare.length === 0 ? [] : await rowsOf(rare.map(indexed))),
  ];
  return rows.map(
    (row): TableHit => ({
      ...row,
      date: row.date === null ? null : new Date(row.date),
      titleMatch,
    }),
  );
}

type TableRow = Pick<TableHit, "kind" | "id" | "key" | "title"> & { date: Date | string | null };

/**
 * The rows that match, `limit` of each table at most (without bodies): the title matches, then,
 * when there are fewer than `limit` of them, the others.
 */
async function searchTables(tsQuery: string, limit: number): Promise<TableHit[]> {
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  const titled = await newestMatches(sql`title_vector @@ ${query}`, limit, true);
  if (titled.length >= limit) return titled;
  const others = await newestMatches(
    sql`search_vector @@ ${query} and not title_vector @@ ${query}`,
    limit,
    false,
  );
  return [...titled, ...others];
}

/** The beginning of the bodies of the hits shown, by id (one statement). */
async function bodiesOf(hits: TableHit[]): Promise<Map<string, string>> {
  const parts = SEARCHABLE_TABLES().flatMap((source) => {
    const ids = hits.filter((hit) => hit.kind === source.kind).map((hit) => sql`${hit.id}`);
    return ids.length === 0
      ? []
      : [
          sql`(select ${source.id} as id, left(${source.body}, ${BODY_CHARS}) as body
            from ${source.table} where ${source.id} in (${sql.join(ids, sql`, `)}))`,
        ];
  });
  if (parts.length === 0) return new Map();
  const result = await db.execute<{ id: string; body: string }>(sql.join(parts, sql` union all `));
  return new Map(result.rows.map((row) => [row.id, row.body]));
}

const hrefOf = (hit: TableHit) =>
  hit.kind === "post"
    ? postPath(hit.key)
    : hit.kind === "built"
      ? pagePublicPath(hit.key)
      : `/media/gallery?type=${hit.kind}s`;

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

const builtInIndexed = new Map<SearchablePage, { title: string; texts: string }>();
/** A page's title and built-in texts as the search reads them, normalised once per process. */
function indexedBuiltIn(page: SearchablePage) {
  let indexed = builtInIndexed.get(page);
  if (indexed === undefined) {
    indexed = {
      title: searchText(page.title),
      texts: searchText(`${page.title} ${page.texts.join(" ")}`),
    };
    builtInIndexed.set(page, indexed);
  }
  return indexed;
}

const editedIndexed = new Map<string, { source: string; indexed: string }>();
/** A page's edited texts as the search reads them, normalised again only when they change. */
function indexedEdited(path: string, texts: string[]): string {
  const source = texts.join(" ");
  const known = editedIndexed.get(path);
  if (known?.source === source) return known.indexed;
  const indexed = searchText(source);
  editedIndexed.set(path, { source, indexed });
  return indexed;
}

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
    const ownTexts = edited.get(page.path) ?? [];
    const builtIn = indexedBuiltIn(page);
    const titleMatch = matchesSearchText(builtIn.title, words);
    const indexed = `${indexedEdited(page.path, ownTexts)} ${builtIn.texts}`;
    if (!titleMatch && !matchesSearchText(indexed, words)) continue;
    const texts = [...ownTexts, ...page.texts];
    const body = texts.find((text) => matchesAll(text, words));
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

const byRank = (
  a: Pick<SearchHit, "titleMatch" | "date">,
  b: Pick<SearchHit, "titleMatch" | "date">,
) =>
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
  const shown = ranked.slice(start, start + SEARCH_PAGE_SIZE);
  const bodies = await bodiesOf(shown.filter((hit): hit is TableHit => hit.kind !== "page"));
  return {
    words,
    items: shown.map((hit) =>
      "key" in hit
        ? {
            kind: hit.kind,
            title: hit.title,
            href: hrefOf(hit),
            body: bodies.get(hit.id) ?? "",
            date: hit.date,
            titleMatch: hit.titleMatch,
          }
        : hit,
    ),
    page,
    hasMore: ranked.length > start + SEARCH_PAGE_SIZE,
  };
}
