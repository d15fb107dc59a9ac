import { Star as StarIcon, UserRound as UserIcon } from "lucide-react";
import { Text } from "~/components/content-block";
import { CardTitleLink } from "~/components/site/article-parts";
import { lightIcon } from "~/components/ui/light-icon";
import { cn } from "~/shared/cn";
import type { NewsCard as NewsCardData } from "~/shared/news";
import { postPath } from "~/shared/paths";
import { PostDate } from "./post-date";

// On every card of the news lists: built once (docs/decisions/080).
const Star = lightIcon(StarIcon);
const UserRound = lightIcon(UserIcon);
/**
 * One post in the news page's grids: featured cards stand tall with the image on top; list
 * cards put the image beside the text from tablet width up. The whole card is one big link
 * target (the title's link stretches over it), which suits readers who find small links hard
 * to hit.
 */
export function NewsCard({ card, featured = false }: { card: NewsCardData; featured?: boolean }) {
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition",
        "focus-within:ring-3 focus-within:ring-accent-strong motion-safe:hover:-translate-y-0.5 hover:shadow-md",
        featured ? "border-accent/40" : "border-line sm:flex-row",
      )}
    >
      {card.image && (
        <img
          src={card.image}
          alt=""
          loading="lazy"
          className={cn(
            "aspect-video w-full bg-surface object-cover",
            !featured && "sm:aspect-auto sm:w-2/5 sm:shrink-0",
          )}
        />
      )}
      {featured && (
        <span className="absolute start-3 top-3 inline-flex items-center gap-1 rounded-full border border-accent bg-accent-light px-3 py-1 text-sm font-bold text-ink shadow">
          <Star aria-hidden className="size-4 fill-accent text-accent" />
          <Text k="featured-badge">خبر مميز</Text>
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span className="rounded-full bg-primary-light px-3 py-0.5 font-medium text-primary-dark">
            {card.category}
          </span>
          <PostDate date={card.publishedAt} />
        </div>
        <CardTitleLink to={postPath(card.slug)}>{card.title}</CardTitleLink>
        <p className="text-muted">{card.text}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <span className="inline-flex items-center gap-1.5 text-sm text-muted">
            <UserRound aria-hidden className="size-4" />
            {card.author}
          </span>
          {card.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="وسوم الخبر">
              {card.tags.map((tag) => (
                <li key={tag} className="rounded-md bg-surface px-2 py-0.5 text-sm text-muted">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </article>
  );
}
