import { publicBaseUrl } from "~/services/news-feed.server";
import { buildSitemapPart } from "~/services/sitemap.server";
import type { LiveHandle } from "~/shared/live-event";
import { SITEMAP_LISTS } from "~/shared/sitemap";
import type { Route } from "./+types/sitemap-part";

/** A part lists its source's rows: a change to a sitemap list clears it from the cache. */
export const handle: LiveHandle = { liveLists: SITEMAP_LISTS };

/** `/sitemap/<source>-<n>.xml`: at most 5,000 addresses of one source (docs/decisions/053). */
export async function loader({ params }: Route.LoaderArgs) {
  const xml = await buildSitemapPart(await publicBaseUrl(), params.part);
  if (xml === null) {
    return new Response("لا يوجد جزء بهذا الاسم في خريطة الموقع", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
