import { buildSitemap, publicBaseUrl } from "~/services/news-feed.server";
import type { LiveHandle } from "~/shared/live-event";
import type { Route } from "./+types/sitemap";

/** Not a page, but the sitemap lists the posts: a change to one clears it from the page cache. */
export const handle: LiveHandle = { liveLists: ["posts", "pages"] };

export async function loader({ request }: Route.LoaderArgs) {
  const xml = await buildSitemap(await publicBaseUrl(request));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
