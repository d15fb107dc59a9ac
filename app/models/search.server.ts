import { type SQL, sql } from "drizzle-orm";
import { SEARCHABLE_PAGES, type SearchablePage } from "~/content/search-pages";
import { PUBLIC_ROWS } from "~/models/change-visibility.server";
import {
  matchesAll,
  matchesSearchText,
  queryWords,
  type SearchKind,
  searchText,
  toTsQuery,
} from "~/shared/arabic-search";
import { pagePublicPath } from "~/shared/page-blocks";
import { postPath } from "~/shared/paths";
import { db } from "~/utils/db.server";
import { images, pageContent, pages, posts, videos } from "../../database/schema";

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

const normalisedVector = (text: SQL) => sql`to_tsvector('simple', rifq_search_text(${text}))`;

interface SearchableTable {
  kind: Exclude<SearchKind, "page">;
  table: typeof posts | typeof videos | typeof images | typeof pages;
  id: SQL;
  key: SQL;
  title: SQL;
  text: SQL;
  body: SQL;
  date: SQL;
  isPublic: SQL | undefined;
}

const SEARCHABLE_TABLES = (): SearchableTable[] => [
  {
    kind: "post",
    table: posts,
    id: sql`${posts.id}`,
    key: sql`${posts.slug}`,
    title: sql`${posts.title}`,
    text: sql`${posts.title} || ' ' || ${posts.contentText}`,
    body: sql`${posts.contentText}`,
    date: sql`${posts.publishedAt}`,
    isPublic: PUBLIC_ROWS.posts(),
  },
  {
    kind: "video",
    table: videos,
    id: sql`${videos.id}`,
    key: sql`${videos.id}::text`,
    title: sql`${videos.title}`,
    text: sql`${videos.title} || ' ' || coalesce(${videos.description}, '')`,
    body: sql`coalesce(${videos.description}, '')`,
    date: sql`${videos.createdAt}`,
    isPublic: PUBLIC_ROWS.videos(),
  },
  {
    kind: "image",
    table: images,
    id: sql`${images.id}`,
    key: sql`${images.id}::text`,
    title: sql`${images.title}`,
    text: sql`${images.title} || ' ' || coalesce(${images.description}, '')`,
    body: sql`coalesce(${images.description}, '')`,
    date: sql`${images.createdAt}`,
    // Every image is public (they have no status).
    isPublic: sql`true`,
  },
  {
    // Pages built from blocks (docs/decisions/049): `blocks_text` holds their blocks' texts.
    kind: "built",
    table: pages,
    id: sql`${pages.id}`,
    key: sql`${pages.slug}`,
    title: sql`${pages.title}`,
    text: sql`${pages.title} || ' ' || ${pages.blocksText}`,
    body: sql`${pages.blocksText}`,
    date: sql`${pages.publishedAt}`,
    isPublic: PUBLIC_ROWS.pages(),
  },
];

/**
 * The ids a table's indexes find for the query, as materialized CTEs: on their own, the planner
 * can only read them through their GIN index (even without statistics: PGlite never analyzes,
 * and would otherwise normalise every public row to filter them).
 */
function idSets(source: SearchableTable, query: SQL): SQL {
  const ids = (name: string, text: SQL) =>
    sql`${sql.raw(`${source.kind}_${name}`)} as materialized (select ${source.id} as id
      from ${source.table} where ${normalisedVector(text)} @@ ${query})`;
  return sql`${ids("text", source.text)}, ${ids("title", source.title)}`;
}

/** A table's public matches, and whether their title matches. */
function matchesOf(source: SearchableTable): SQL {
  const set = (name: string) => sql.raw(`(select id from ${source.kind}_${name})`);
  return sql`select ${source.kind}::text as kind, ${source.key} as key, ${source.title} as title,
      ${source.date} as date, ${source.id} in ${set("title")} as title_match
    from ${source.table}
    where ${source.isPublic} and ${source.id} in ${set("text")}`;
}

type TableHit = Omit<SearchHit, "body" | "href"> & { kind: SearchableTable["kind"]; key: string };

/** The matching rows of the tables, best first, `limit` of them at most (without bodies). */
async function searchTables(tsQuery: string, limit: number): Promise<TableHit[]> {
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  const tables = SEARCHABLE_TABLES();
  const sets = tables.map((source) => idSets(source, query));
  const parts = tables.map(matchesOf);
  type Row = {
    kind: SearchableTable["kind"];
    key: string;
    title: string;
    date: Date | string | null;
    title_match: boolean;
  };
  // With statistics (PostgreSQL's autovacuum, an ANALYZE), a word in most rows looks cheaper to
  // find by reading the table than through its index: the normalisation is inlined into built-ins
  // the planner counts as nearly free, while it costs ~1 ms a post. Reading a 10,000-post table
  // so took 10–15 s (docs/decisions/053); without a sequential scan the index is always used.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute<Row>(sql`with ${sql.join(sets, sql`, `)} ${sql.join(parts, sql` union all `)}
      order by title_match desc, date desc nulls last, key limit ${limit}`);
  });
  return result.rows.map((row) => ({
    kind: row.kind,
    key: row.key,
    title: row.title,
    date: row.date === null ? null : new Date(row.date),
    titleMatch: row.title_match,
  }));
}

/** The beginning of the bodies of the hits shown, by kind and key. */
async function bodiesOf(hits: TableHit[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  await Promise.all(
    SEARCHABLE_TABLES().map(async (source) => {
      const keys = hits.filter((hit) => hit.kind === source.kind).map((hit) => hit.key);
      if (keys.length === 0) return;
      const result = await db.execute<{ key: string; body: string }>(
        sql`select ${source.key} as key, left(${source.body}, ${BODY_CHARS}) as body
          from ${source.table} where ${source.key} in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`,
      );
      for (const row of result.rows) bodies.set(`${source.kind}:${row.key}`, row.body);
    }),
  );
  return bodies;
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

const defaultsIndexed = new Map<SearchablePage, string>();
/** A page's built-in texts as the search reads them, normalised once per process. */
function indexedDefaults(page: SearchablePage): string {
  let indexed = defaultsIndexed.get(page);
  if (indexed === undefined) {
    indexed = searchText(`${page.title} ${page.texts.join(" ")}`);
    defaultsIndexed.set(page, indexed);
  }
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
    const texts = [...ownTexts, ...page.texts];
    const titleMatch = matchesAll(page.title, words);
    const indexed = `${searchText(ownTexts.join(" "))} ${indexedDefaults(page)}`;
    if (!titleMatch && !matchesSearchText(indexed, words)) continue;
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
        ? { ...hit, href: hrefOf(hit), body: bodies.get(`${hit.kind}:${hit.key}`) ?? "" }
        : hit,
    ),
    page,
    hasMore: ranked.length > start + SEARCH_PAGE_SIZE,
  };
}
