import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "~/shared/cn";
import { pageHref } from "~/shared/pagination";

const linkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-full border-2 border-line bg-white px-5 py-1.5 font-medium text-ink transition hover:border-primary hover:text-primary-dark";

/**
 * Links to the newer and older pages of a long list (`?page=`), the other search parameters
 * kept. Shows nothing when the list fits on one page.
 */
export function PageLinks({
  page,
  hasMore,
  pageCount,
  hash,
  label,
  newer,
  older,
  className,
}: {
  page: number;
  hasMore: boolean;
  /** How many pages the list has, when the screen counted it ("صفحة 2 من 5"). */
  pageCount?: number;
  hash?: string;
  /** What the navigation is, for screen readers. */
  label: string;
  newer: string;
  older: string;
  className?: string;
}) {
  const { search } = useLocation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className={cn("mt-8 flex flex-wrap items-center gap-3", className)}>
      {page > 1 && (
        <Link to={pageHref(search, page - 1, hash)} preventScrollReset className={linkClass}>
          <ChevronRight aria-hidden className="size-5" />
          {newer}
        </Link>
      )}
      <span className="text-muted">
        صفحة {page}
        {pageCount && pageCount >= page ? ` من ${pageCount}` : ""}
      </span>
      {hasMore && (
        <Link to={pageHref(search, page + 1, hash)} preventScrollReset className={linkClass}>
          {older}
          <ChevronLeft aria-hidden className="size-5" />
        </Link>
      )}
    </nav>
  );
}
