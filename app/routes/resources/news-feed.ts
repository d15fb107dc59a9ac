import { buildNewsFeed, publicBaseUrl } from "~/services/news-feed.server";
import type { LiveHandle } from "~/shared/live-event";
import type { Route } from "./+types/news-feed";

/** /feed.xml (RSS 2.0) and /atom.xml (Atom 1.0): the published news, newest first. */
/** Not a page, but the feeds list the posts: a change to one clears it from the page cache. */
export const handle: LiveHandle = { liveLists: ["posts"] };

export async function loader({ request }: Route.LoaderArgs) {
  const atom = new URL(request.url).pathname.endsWith("/atom.xml");
  const xml = await buildNewsFeed(await publicBaseUrl(), atom ? "atom" : "rss");
  return new Response(xml, {
    headers: {
      "Content-Type": `${atom ? "application/atom+xml" : "application/rss+xml"}; charset=utf-8`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
