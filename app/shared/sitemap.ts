import type { ListTable } from "./live-event";

// What the sitemap's routes declare to the page cache (docs/decisions/053): kept apart from the
// sources' readers (app/services/sitemap.server.ts), which route handles may not import.

/**
 * Every source of the sitemap by name (its parts are `/sitemap/<name>-<n>.xml`), in the index's
 * order, with the lists whose changes alter its addresses. A new source is a line here and its
 * reader in `SITEMAP_READERS` (app/services/sitemap.server.ts).
 */
export const SITEMAP_SOURCE_LISTS = {
  pages: [],
  posts: ["posts"],
  // Pages built from blocks, /p/<slug> (docs/decisions/049).
  built: ["pages"],
  // Published events, /events/<slug> (docs/decisions/052, 062).
  events: ["events"],
} as const satisfies Record<string, readonly ListTable[]>;

export type SitemapSourceName = keyof typeof SITEMAP_SOURCE_LISTS;

/** The lists whose changes clear the index and the parts from the page cache. */
export const SITEMAP_LISTS: readonly ListTable[] = [
  ...new Set<ListTable>(Object.values(SITEMAP_SOURCE_LISTS).flat()),
];
