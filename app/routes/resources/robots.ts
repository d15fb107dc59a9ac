import { buildRobots, publicBaseUrl } from "~/services/news-feed.server";

export async function loader() {
  return new Response(buildRobots(await publicBaseUrl()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
