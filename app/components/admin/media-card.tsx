import { CalendarDays, Eye, type LucideIcon, RefreshCw, Tag, UserRound } from "lucide-react";
import { type ReactNode, useId } from "react";
import { formatDate, isoDate } from "~/shared/dates";
import { CARD_GRIDS, type CardGrid } from "./skeletons";

/** Items without a category are shown as general, as on the public pages. */
export const UNCATEGORISED = "عام";

/** The category of a video or image, as a badge. */
export function CategoryBadge({ name }: { name: string | null }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm font-medium break-words text-ink ring-1 ring-line">
      <Tag aria-hidden className="size-4 text-primary" />
      <span className="sr-only">التصنيف: </span>
      {name?.trim() || UNCATEGORISED}
    </span>
  );
}

export interface MediaFact {
  label: string;
  icon: LucideIcon;
  value: ReactNode;
}

/** The facts every media card lists (author and dates), ready for a card's `facts`. */
export const mediaFacts = {
  author: (name: string | null): MediaFact => ({
    label: "الكاتب",
    icon: UserRound,
    value: name || "مجهول",
  }),
  views: (count: number): MediaFact => ({ label: "المشاهدات", icon: Eye, value: count }),
  created: (date: Date | string): MediaFact => ({
    label: "تاريخ الإنشاء",
    icon: CalendarDays,
    value: <time dateTime={isoDate(date)}>{formatDate(date)}</time>,
  }),
  updated: (date: Date | string): MediaFact => ({
    label: "آخر تحديث",
    icon: RefreshCw,
    value: <time dateTime={isoDate(date)}>{formatDate(date)}</time>,
  }),
};

/**
 * One video or image of a staff list: the medium on top, then badges, the title (an h2 under
 * the screen's h1), the description, labelled facts and the row buttons.
 */
export function MediaCard({
  media,
  badges,
  title,
  description,
  facts,
  actions,
}: {
  media: ReactNode;
  badges?: ReactNode;
  title: string;
  description?: string | null;
  facts: MediaFact[];
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
    >
      {media}
      <div className="flex flex-1 flex-col gap-3 p-5">
        {badges && <div className="flex flex-wrap gap-2">{badges}</div>}
        <h2 id={titleId} className="text-xl leading-snug break-words">
          {title}
        </h2>
        {description && <p className="line-clamp-3 text-muted">{description}</p>}
        <dl className="mt-auto grid grid-cols-[repeat(auto-fill,minmax(min(100%,7rem),1fr))] gap-x-4 gap-y-3 border-t border-line/60 pt-3">
          {facts.map(({ label, icon: Icon, value }) => (
            <div key={label} className="min-w-0">
              <dt className="flex min-w-0 items-center gap-1.5 text-sm break-words text-muted">
                <Icon aria-hidden className="size-4 shrink-0" />
                {label}
              </dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {actions && (
          // A label longer than the card (large text, a narrow card) wraps inside its button.
          <div className="flex flex-wrap gap-2 border-t border-line/60 pt-4 [&_:is(a,button)]:max-w-full [&_:is(a,button)]:whitespace-normal">
            {actions}
          </div>
        )}
      </div>
    </article>
  );
}

/** The grid of media cards, in the same columns as their loading placeholders. */
export function MediaGrid({
  label,
  grid,
  children,
}: {
  label: string;
  grid: CardGrid;
  children: ReactNode;
}) {
  return (
    <ul aria-label={label} className={CARD_GRIDS[grid]}>
      {children}
    </ul>
  );
}

/** One cell of a MediaGrid. */
export function MediaGridItem({ children }: { children: ReactNode }) {
  return <li className="flex min-w-0 [&>article]:flex-1">{children}</li>;
}
