import { buildRobots, publicBaseUrl } from "~/services/news-feed.server";
import type { Route } from "./+types/robots";

export async function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRobots(await publicBaseUrl(request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
