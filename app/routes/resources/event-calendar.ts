import { getPublishedEvent } from "~/models/events.server";
import { publicBaseUrl } from "~/services/news-feed.server";
import { NotFoundError } from "~/shared/domain-errors";
import { eventPath } from "~/shared/events";
import { toIcs } from "~/shared/ics";
import { htmlToPlainText } from "~/utils/rich-text.server";
import type { Route } from "./+types/event-calendar";

/** A published event as an .ics file to add to a calendar (RFC 5545); a draft is not found. */
export async function loader({ params }: Route.LoaderArgs) {
  const event = await getPublishedEvent(params.slug);
  if (!event) throw new NotFoundError("الفعالية غير موجودة");
  const base = await publicBaseUrl();
  const url = `${base}${eventPath(event.slug)}`;
  const ics = toIcs({
    uid: `${event.id}@${new URL(base).host}`,
    title: event.title,
    description: `${htmlToPlainText(event.description)}\n\n${url}`,
    place: event.place,
    url,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    stampedAt: event.updatedAt,
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${event.id}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
