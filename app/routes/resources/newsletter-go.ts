import { redirect } from "react-router";
import { followCampaignLink } from "~/services/campaign-links.server";
import type { Route } from "./+types/newsletter-go";

/** A newsletter link: counted, then on to the campaign's own link (docs/decisions/074). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const link = await followCampaignLink(params.token, request.headers.get("user-agent") ?? "");
  if (!link) {
    throw new Response("الرابط غير صالح أو انتهت صلاحيته", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return redirect(link, { status: 302, headers: { "Cache-Control": "no-store" } });
}
