import { Link } from "react-router";
import { Text } from "~/components/content-block";
import { cn } from "~/shared/cn";
import { ALL_NEWS_CHIP } from "~/shared/news";

export const NEWS_PATH = "/media/news";
export const NEWS_LIST_ANCHOR = "all-news";

/**
 * The category filter. Each chip is a link to `?category=…`, so a filter works without
 * JavaScript, can be shared, and survives a reload; the first chip clears the filter.
 */
export function CategoryChips({ chips, selected }: { chips: string[]; selected: string | null }) {
  const current = selected ?? ALL_NEWS_CHIP;
  return (
    <nav aria-labelledby="news-chips-label" className="mb-6">
      <Text k="chips-label" as="p" id="news-chips-label" className="mb-2 text-sm text-muted">
        تصفّح حسب التصنيف
      </Text>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const isAll = chip === ALL_NEWS_CHIP;
          const active = chip === current;
          return (
            <li key={chip}>
              <Link
                to={{
                  pathname: NEWS_PATH,
                  search: isAll ? "" : `?${new URLSearchParams({ category: chip })}`,
                  hash: NEWS_LIST_ANCHOR,
                }}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full border-2 px-5 py-1.5 font-medium transition",
                  active
                    ? "border-primary bg-primary text-white"
                    : "border-line bg-white text-ink hover:border-primary hover:text-primary-dark",
                )}
              >
                {isAll ? <Text k="chip-all">{ALL_NEWS_CHIP}</Text> : chip}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
