import { cn } from "~/shared/cn";

const bar = "animate-pulse rounded-lg bg-line/70 motion-reduce:animate-none";

/** Announces the loading state once for all the placeholder shapes inside. */
function Loading({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className}>
      <span className="sr-only">جارٍ التحميل…</span>
      <div aria-hidden>{children}</div>
    </div>
  );
}

/** Placeholder rows while a table loads (spec §9: 5 rows for posts). */
export function SkeletonRows({ count = 5 }: { count?: number }) {
  return (
    <Loading className="overflow-hidden rounded-2xl border border-line bg-white">
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          data-testid="skeleton-row"
          className="flex items-center gap-4 border-b border-line p-4 last:border-b-0"
        >
          <div className="flex-1 space-y-2">
            <div className={cn(bar, "h-5 w-2/3")} />
            <div className={cn(bar, "h-4 w-1/2")} />
          </div>
          <div className={cn(bar, "hidden h-7 w-20 rounded-full md:block")} />
          <div className={cn(bar, "hidden h-5 w-24 md:block")} />
          <div className={cn(bar, "h-9 w-24")} />
        </div>
      ))}
    </Loading>
  );
}

/**
 * The columns of the staff card grids: "wide" for videos (two players big enough to watch),
 * "compact" for images and people. As many columns as hold a card of the minimum width in
 * rem: larger text makes fewer, wider cards, so no button is wider than its card.
 */
export const CARD_GRIDS = {
  wide: "grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-5",
  compact: "grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-5",
} as const;
export type CardGrid = keyof typeof CARD_GRIDS;

/** Placeholder cards while a grid loads (3 for videos, 6 for images, 5 for users). */
export function SkeletonCards({
  count,
  grid = "compact",
  className,
}: {
  count: number;
  grid?: CardGrid;
  className?: string;
}) {
  return (
    <Loading className={cn(CARD_GRIDS[grid], className)}>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          data-testid="skeleton-card"
          className="space-y-3 rounded-2xl border border-line bg-white p-4"
        >
          <div className={cn(bar, "aspect-video w-full rounded-xl")} />
          <div className={cn(bar, "h-5 w-3/4")} />
          <div className={cn(bar, "h-4 w-1/2")} />
        </div>
      ))}
    </Loading>
  );
}
