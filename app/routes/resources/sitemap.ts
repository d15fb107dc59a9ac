import { publicBaseUrl } from "~/services/news-feed.server";
import { buildSitemapIndex } from "~/services/sitemap.server";
import type { LiveHandle } from "~/shared/live-event";
import { SITEMAP_LISTS } from "~/shared/sitemap";

/** The index counts its sources' addresses: a change to one of their lists clears it from the cache. */
export const handle: LiveHandle = { liveLists: SITEMAP_LISTS };

/** `/sitemap.xml`: the sitemap index, naming each part (docs/decisions/053). */
export async function loader() {
  const xml = await buildSitemapIndex(await publicBaseUrl());
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
