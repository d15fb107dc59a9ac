import { Images } from "lucide-react";
import { useLoaderData, useNavigation } from "react-router";
import { Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { GalleryCard } from "~/components/gallery/gallery-card";
import {
  GALLERY_GRID_ANCHOR,
  GALLERY_PATH,
  GalleryFilters,
} from "~/components/gallery/gallery-filters";
import { GalleryStats } from "~/components/gallery/gallery-stats";
import { VideoChannel } from "~/components/gallery/video-channel";
import { PageHero } from "~/components/page";
import { PageLinks } from "~/components/page-links";
import { useLayoutSettings } from "~/components/site/layout-settings";
import { galleryTallies, listGalleryPage } from "~/models/gallery.server";
import { cn } from "~/shared/cn";
import {
  filterCounts,
  GALLERY_PAGE_SIZE,
  galleryStats,
  parseGalleryFilter,
  toGalleryItem,
} from "~/shared/gallery";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "معرض الوسائط",
    description: "صور ومقاطع فيديو من فعاليات جمعية رفق لرعاية كبار السن وبرامجها.",
    path: GALLERY_PATH,
  });

/** Live updates: this page re-reads when one of these lists changes. */
export const handle: LiveHandle = { liveLists: ["videos", "images"] };

export async function loader({ request }: Route.LoaderArgs) {
  // One page of the filter's media and a count per category: never the whole library.
  const filter = parseGalleryFilter(new URL(request.url).searchParams.get("type"));
  const page = pageFrom(request.url);
  const [tallies, library] = await Promise.all([
    galleryTallies(),
    listGalleryPage({ filter, page }),
  ]);
  return {
    stats: galleryStats(tallies),
    counts: filterCounts(tallies),
    filter,
    items: library.items.map(toGalleryItem),
    page,
    hasMore: library.hasMore,
    pageCount: Math.ceil(library.total / GALLERY_PAGE_SIZE),
  };
}

export default function GalleryPage() {
  const { stats, counts, filter, items, page, hasMore, pageCount } = useLoaderData<typeof loader>();
  const { social } = useLayoutSettings();
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.location.pathname === GALLERY_PATH;
  return (
    <>
      <PageHero
        title="معرض الوسائط"
        subtitle="لحظات من فعالياتنا وبرامجنا مع كبار السن، بالصورة والفيديو."
      />
      <section aria-label="أرقام المعرض" className="mx-auto max-w-7xl px-4 pt-10">
        <GalleryStats stats={stats} />
      </section>

      <section
        id={GALLERY_GRID_ANCHOR}
        aria-labelledby="media-heading"
        className="mx-auto max-w-7xl scroll-mt-24 px-4 py-10"
      >
        <Text
          k="media-title"
          as="h2"
          id="media-heading"
          className="mb-4 text-2xl text-primary-dark md:text-3xl"
        >
          مكتبة الوسائط
        </Text>
        <GalleryFilters counts={counts} selected={filter} />
        <div aria-busy={pending} className={cn("transition-opacity", pending && "opacity-50")}>
          {items.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((item) => (
                <li key={`${item.type}-${item.id}`} className="flex min-w-0 [&>article]:flex-1">
                  <GalleryCard item={item} />
                </li>
              ))}
            </ul>
          ) : (
            <div
              className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center"
              data-testid="gallery-empty"
            >
              <Images aria-hidden className="mx-auto mb-3 size-12 text-primary" />
              {stats.total === 0 ? (
                <>
                  <Text k="empty-title" as="p" className="text-xl font-bold">
                    المعرض في طور الإعداد
                  </Text>
                  <Text k="empty-text" as="p" className="mt-2 text-muted">
                    نجمع صور فعالياتنا ومقاطعها لنشاركها معكم هنا قريباً.
                  </Text>
                </>
              ) : (
                <>
                  <Text k="empty-filter-title" as="p" className="text-xl font-bold">
                    لا توجد وسائط في هذا القسم بعد
                  </Text>
                  <Text k="empty-filter-text" as="p" className="mt-2 text-muted">
                    اختر تصنيفاً آخر أو اعرض جميع الوسائط.
                  </Text>
                </>
              )}
            </div>
          )}
          <PageLinks
            page={page}
            hasMore={hasMore}
            pageCount={pageCount}
            hash={GALLERY_GRID_ANCHOR}
            label="صفحات مكتبة الوسائط"
            newer="وسائط أحدث"
            older="وسائط أقدم"
          />
        </div>
      </section>

      <VideoChannel channelUrl={social.youtube} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
