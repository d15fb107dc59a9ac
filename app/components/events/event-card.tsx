import { CardTitleLink } from "~/components/site/article-parts";
import { cn } from "~/shared/cn";
import { eventPath, seatsLeft } from "~/shared/events";
import { EventPlace, EventWhen, SeatsLeft } from "./event-facts";

export interface EventCardData {
  slug: string;
  title: string;
  imageUrl: string | null;
  startsAt: Date | string;
  endsAt: Date | string;
  place: string;
  capacity: number;
  seatsTaken: number;
  registrationOpen: boolean;
  upcoming: boolean;
}

/** One event in the events list: the whole card is the title's link. */
export function EventCard({ event }: { event: EventCardData }) {
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition",
        "focus-within:ring-3 focus-within:ring-accent-strong hover:shadow-md",
      )}
    >
      {event.imageUrl && (
        <img
          src={event.imageUrl}
          alt=""
          loading="lazy"
          className="aspect-video w-full bg-surface object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <CardTitleLink to={eventPath(event.slug)}>{event.title}</CardTitleLink>
        <div className="flex flex-col gap-2 text-muted">
          <EventWhen startsAt={event.startsAt} endsAt={event.endsAt} />
          <EventPlace place={event.place} />
        </div>
        <SeatsLeft
          className="mt-auto pt-2 text-ink"
          left={seatsLeft(event)}
          open={event.registrationOpen}
          over={!event.upcoming}
        />
      </div>
    </article>
  );
}
