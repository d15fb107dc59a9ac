import { MENU, type MenuItem } from "~/content/menu";
import { countPublicForms, listPublicFormAddresses } from "~/models/built-forms.server";
import { countPublishedEvents, listPublishedEventAddresses } from "~/models/events.server";
import { countPublishedPages, listPublishedPagePaths } from "~/models/pages.server";
import { countPublishedPosts, listPublishedPostAddresses } from "~/models/posts.server";
import { eventPath } from "~/shared/events";
import { builtFormPath } from "~/shared/form-builder";
import { postPath } from "~/shared/paths";
import { SITEMAP_SOURCE_LISTS } from "~/shared/sitemap";

// The sitemap as search engines read it (docs/decisions/053): `/sitemap.xml` is an index of
// parts, `/sitemap/<source>-<n>.xml`, each at most SITEMAP_PART_SIZE addresses of one source and
// read from the database a part at a time (a count per source for the index, one window per part).

/** The most addresses a part holds (sitemaps.org allows 50,000; smaller parts are cheap to cache). */
export const SITEMAP_PART_SIZE = 5_000;

/** One address of a part. */
export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * A kind of address the sitemap lists: how many addresses it has, and one window of them in a
 * stable order. Adding one is its name in SITEMAP_SOURCE_LISTS (app/shared/sitemap.ts: a content
 * type's `sitemapPart`) and its reader in SITEMAP_READERS below.
 */
export interface SitemapReader {
  count(): Promise<number>;
  read(window: { limit: number; offset: number }): Promise<SitemapEntry[]>;
}

/** A source as the index and the parts read it: its name (its parts' addresses) and its reader. */
export interface SitemapSource extends SitemapReader {
  /** Lowercase letters: the parts are `/sitemap/<name>-1.xml`, `-2.xml`… */
  name: string;
}

const menuPaths = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [item.path, ...menuPaths(item.subItems ?? [])]);

/** The site's own pages: the menu's, the news list and the privacy notice. */
const STATIC_PATHS = [...new Set([...menuPaths(MENU), "/media/news", "/privacy"])];

const sitePages: SitemapReader = {
  count: async () => STATIC_PATHS.length,
  read: async ({ limit, offset }) =>
    STATIC_PATHS.slice(offset, offset + limit).map((path) => ({ path, lastmod: null })),
};

/** Published, due posts only: drafts, archived and scheduled posts never come out of the model. */
const newsPosts: SitemapReader = {
  count: countPublishedPosts,
  read: async (window) =>
    (await listPublishedPostAddresses(window)).map((post) => ({
      path: postPath(post.slug),
      lastmod: post.updatedAt,
    })),
};

/** Published, due pages built from blocks, oldest first (a new one lands in the last part). */
const builtPages: SitemapReader = {
  count: countPublishedPages,
  read: async (window) =>
    (await listPublishedPagePaths(window)).map((page) => ({
      path: page.path,
      lastmod: page.updatedAt,
    })),
};

/** Published events' pages, past ones too (they keep their page), oldest created first. */
const eventPages: SitemapReader = {
  count: countPublishedEvents,
  read: async (window) =>
    (await listPublishedEventAddresses(window)).map((event) => ({
      path: eventPath(event.slug),
      lastmod: event.updatedAt,
    })),
};

/** Open forms' pages (docs/decisions/071). */
const formPages: SitemapReader = {
  count: countPublicForms,
  read: async (window) =>
    (await listPublicFormAddresses(window)).map((form) => ({
      path: builtFormPath(form.slug),
      lastmod: form.updatedAt,
    })),
};

/** The reader of each source named in SITEMAP_SOURCE_LISTS. */
const SITEMAP_READERS: Record<string, SitemapReader> = {
  pages: sitePages,
  posts: newsPosts,
  built: builtPages,
  events: eventPages,
  forms: formPages,
};

/** Every source of the sitemap, in the index's order. */
export const SITEMAP_SOURCES: readonly SitemapSource[] = Object.keys(SITEMAP_SOURCE_LISTS).map(
  (name) => {
    const reader = SITEMAP_READERS[name];
    // A part a declaration names without its reader is a mistake of the code, found at start.
    if (!reader) throw new Error(`sitemap part "${name}" has no reader in SITEMAP_READERS`);
    return { name, ...reader };
  },
);

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const absolute = (base: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${base}${path}`;

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const NAMESPACE = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`;

/** The address of a source's part `n` (from 1). */
export const sitemapPartPath = (name: string, n: number) => `/sitemap/${name}-${n}.xml`;

/** `/sitemap.xml`: one `<sitemap>` per part of every source (a source without addresses has none). */
export async function buildSitemapIndex(
  base: string,
  { sources = SITEMAP_SOURCES, partSize = SITEMAP_PART_SIZE } = {},
): Promise<string> {
  const counts = await Promise.all(sources.map((source) => source.count()));
  const parts = sources.flatMap((source, index) =>
    Array.from({ length: Math.ceil((counts[index] ?? 0) / partSize) }, (_, n) =>
      sitemapPartPath(source.name, n + 1),
    ),
  );
  const entries = parts
    .map((path) => `<sitemap><loc>${xmlEscape(absolute(base, path))}</loc></sitemap>`)
    .join("\n");
  return `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${entries}\n</sitemapindex>\n`;
}

/**
 * A part (`posts-2.xml`): its window of its source's addresses, or null when no such part exists
 * (an unknown source, a number past the last part, or a malformed name).
 */
export async function buildSitemapPart(
  base: string,
  part: string,
  { sources = SITEMAP_SOURCES, partSize = SITEMAP_PART_SIZE } = {},
): Promise<string | null> {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(part);
  const source = match && sources.find((one) => one.name === match[1]);
  if (!match || !source) return null;
  const entries = await source.read({
    limit: partSize,
    offset: (Number(match[2]) - 1) * partSize,
  });
  if (entries.length === 0) return null;
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `<url><loc>${xmlEscape(absolute(base, path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `${XML_HEAD}<urlset ${NAMESPACE}>\n${urls}\n</urlset>\n`;
}
