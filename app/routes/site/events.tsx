import { CalendarDays } from "lucide-react";
import { useLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { EventCard } from "~/components/events/event-card";
import { PageHero } from "~/components/page";
import { PageLinks } from "~/components/page-links";
import { listPublishedEventsPage } from "~/models/events.server";
import { EVENTS_PATH } from "~/shared/events";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/events";

const TITLE = "الفعاليات";
const SUBTITLE = "ملتقيات وأيام صحية وزيارات تجمع كبارنا بأسرهم ومتطوعي الجمعية. سجّل وشاركنا.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: EVENTS_PATH });

/** Seats left change with every registration: the page re-reads when an event changes. */
export const handle: LiveHandle = { liveLists: ["events"] };

/** One bounded query: the coming events first (soonest first), then the past ones. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await listPublishedEventsPage(pageFrom(request.url));
  return { events: list.items, page: list.page, hasMore: list.hasMore };
}

const LIST_ANCHOR = "events-list";

export default function EventsPage() {
  const { events, page, hasMore } = useLoaderData<typeof loader>();
  const upcoming = events.filter((event) => event.upcoming);
  const past = events.filter((event) => !event.upcoming);
  return (
    <>
      <PageHero title={TITLE} subtitle={SUBTITLE} />
      <div id={LIST_ANCHOR} className="mx-auto max-w-7xl scroll-mt-24 px-4 py-10">
        {upcoming.length > 0 && (
          <section aria-labelledby="upcoming-heading" className="mb-12">
            <Text
              k="upcoming-title"
              as="h2"
              id="upcoming-heading"
              className="mb-6 text-2xl text-primary-dark md:text-3xl"
            >
              الفعاليات القادمة
            </Text>
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="upcoming-events">
              {upcoming.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {past.length > 0 && (
          <section aria-labelledby="past-heading">
            <Text
              k="past-title"
              as="h2"
              id="past-heading"
              className="mb-6 text-2xl text-primary-dark md:text-3xl"
            >
              فعاليات سابقة
            </Text>
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="past-events">
              {past.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {events.length === 0 && (
          <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
            <CalendarDays aria-hidden className="mx-auto mb-3 size-12 text-primary" />
            <Text k="empty-title" as="p" className="text-xl font-bold">
              لا توجد فعاليات لعرضها
            </Text>
            <Text k="empty-text" as="p" className="mt-2 text-muted">
              سننشر هنا فعالياتنا القادمة قريباً، فتابعنا.
            </Text>
          </div>
        )}
        <PageLinks
          page={page}
          hasMore={hasMore}
          hash={LIST_ANCHOR}
          label="صفحات الفعاليات"
          newer="الصفحة السابقة"
          older="الصفحة التالية"
        />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
