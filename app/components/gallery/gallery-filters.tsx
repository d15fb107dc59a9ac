import { Link } from "react-router";
import { Text } from "~/components/content-block";
import { cn } from "~/shared/cn";
import { GALLERY_FILTERS, type GalleryFilter } from "~/shared/gallery";
import { formatCount } from "./gallery-card";

export const GALLERY_PATH = "/media/gallery";
export const GALLERY_GRID_ANCHOR = "media-grid";

const LABELS: Record<GalleryFilter, string> = {
  all: "الكل",
  videos: "الفيديوهات",
  images: "الصور",
  events: "الفعاليات",
  programs: "البرامج",
};

/** Filter buttons with their counts; each is a `?type=` link, so it works without JavaScript. */
export function GalleryFilters({
  counts,
  selected,
}: {
  counts: Record<GalleryFilter, number>;
  selected: GalleryFilter;
}) {
  return (
    <nav aria-label="تصفية الوسائط" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {GALLERY_FILTERS.map((filter) => {
          const active = filter === selected;
          return (
            <li key={filter}>
              <Link
                to={{
                  pathname: GALLERY_PATH,
                  search: filter === "all" ? "" : `?type=${filter}`,
                  hash: GALLERY_GRID_ANCHOR,
                }}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                data-filter={filter}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-5 py-1.5 font-medium transition",
                  active
                    ? "border-primary bg-primary text-white"
                    : "border-line bg-white text-ink hover:border-primary hover:text-primary-dark",
                )}
              >
                <Text k={`filter-${filter}`}>{LABELS[filter]}</Text>
                <span
                  className={cn(
                    "min-w-7 rounded-full px-2 text-center text-sm",
                    active ? "bg-white/20" : "bg-surface text-muted",
                  )}
                >
                  {formatCount(counts[filter])}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
