import { Images } from "lucide-react";
import { useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { GalleryCard } from "~/components/gallery/gallery-card";
import {
  GALLERY_GRID_ANCHOR,
  GALLERY_PATH,
  GalleryFilters,
} from "~/components/gallery/gallery-filters";
import {
  filterCounts,
  galleryStats,
  matchesFilter,
  parseGalleryFilter,
  toGalleryItems,
} from "~/components/gallery/gallery-items";
import { GalleryStats } from "~/components/gallery/gallery-stats";
import { VideoChannel } from "~/components/gallery/video-channel";
import type { LiveHandle } from "~/components/live-updates";
import { PageHero } from "~/components/page";
import { listGalleryImages } from "~/models/images.server";
import { listPublishedVideos } from "~/models/videos.server";
import { cn } from "~/shared/cn";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/gallery";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "معرض الوسائط",
    description: "صور ومقاطع فيديو من فعاليات جمعية رفق لرعاية كبار السن وبرامجها.",
    path: GALLERY_PATH,
  });

/** Live updates: this page re-reads when one of these lists changes. */
export const handle: LiveHandle = { liveLists: ["videos", "images"] };

export async function loader({ request }: Route.LoaderArgs) {
  const [videos, images] = await Promise.all([listPublishedVideos(), listGalleryImages()]);
  const items = toGalleryItems(videos, images);
  const filter = parseGalleryFilter(new URL(request.url).searchParams.get("type"));
  return {
    stats: galleryStats(items),
    counts: filterCounts(items),
    filter,
    items: items.filter((item) => matchesFilter(item, filter)),
  };
}

export default function GalleryPage() {
  const { stats, counts, filter, items } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site/layout");
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
                <li key={`${item.type}-${item.id}`} className="flex [&>article]:flex-1">
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
        </div>
      </section>

      <VideoChannel channelUrl={layout?.social.youtube ?? ""} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
