import { CONTENT_TYPE_LIST } from "./content-types";
import type { ListTable } from "./live-event";

// What the sitemap's routes declare to the page cache (docs/decisions/053): kept apart from the
// sources' readers (app/services/sitemap.server.ts), which route handles may not import.

/**
 * Every source of the sitemap by name (its parts are `/sitemap/<name>-<n>.xml`), in the index's
 * order, with the lists whose changes alter its addresses: the site's own pages, then each content
 * type's part as its declaration names it (app/shared/content-types.ts). A part's reader is in
 * `SITEMAP_READERS` (app/services/sitemap.server.ts).
 */
export const SITEMAP_SOURCE_LISTS: Readonly<Record<string, readonly ListTable[]>> = {
  pages: [],
  ...Object.fromEntries(
    CONTENT_TYPE_LIST.flatMap(({ sitemapPart, liveTable }) =>
      sitemapPart ? [[sitemapPart, liveTable ? [liveTable] : []]] : [],
    ),
  ),
};

/** The lists whose changes clear the index and the parts from the page cache. */
export const SITEMAP_LISTS: readonly ListTable[] = [
  ...new Set<ListTable>(Object.values(SITEMAP_SOURCE_LISTS).flat()),
];
