import { Newspaper } from "lucide-react";
import { useLoaderData, useNavigation } from "react-router";
import { Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { CategoryChips, NEWS_LIST_ANCHOR, NEWS_PATH } from "~/components/news/category-chips";
import { NewsCard } from "~/components/news/news-card";
import { NEWSLETTER_INTENT, NEWSLETTER_SENT_PATH, Newsletter } from "~/components/news/newsletter";
import { PageHero, Section } from "~/components/page";
import { PageLinks } from "~/components/page-links";
import { requestNewsletterSubscription } from "~/models/newsletter.server";
import {
  listFeaturedPosts,
  listPublishedCategoryNames,
  listPublishedPostsPage,
} from "~/models/posts.server";
import { publicFormAction } from "~/services/public-forms.server";
import { cn } from "~/shared/cn";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import {
  categoryChips,
  FEATURED_EXCERPT_LENGTH,
  LIST_EXCERPT_LENGTH,
  toNewsCard,
} from "~/shared/news";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/news";
import { newsletterSchema } from "./news-schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "الأخبار",
    description: "آخر أخبار جمعية رفق لرعاية كبار السن وفعالياتها وبرامجها في المنطقة الشرقية.",
    path: NEWS_PATH,
  });

/** Three bounded queries, whatever the number of posts: chips, featured block, one page. */
/** Live updates: this page re-reads when one of these lists changes. */
export const handle: LiveHandle = { liveLists: ["posts"] };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const selected = url.searchParams.get("category") || null;
  const [names, featured, list] = await Promise.all([
    listPublishedCategoryNames(),
    listFeaturedPosts(),
    listPublishedPostsPage({ chip: selected, page: pageFrom(url) }),
  ]);
  return {
    chips: categoryChips(names.map((categoryName) => ({ categoryName }))),
    selected,
    featured: featured.map((post) => toNewsCard(post, FEATURED_EXCERPT_LENGTH)),
    list: list.items.map((post) => toNewsCard(post, LIST_EXCERPT_LENGTH)),
    page: list.page,
    hasMore: list.hasMore,
  };
}

export const NEWSLETTER_FAILED = "تعذّر الاشتراك الآن، حاول مرة أخرى بعد قليل";

/** The newsletter box (double opt-in): open to everyone, limited per client, with a honeypot. */
export function action({ request }: Route.ActionArgs) {
  return publicFormAction(request, {
    form: NEWSLETTER_INTENT,
    schema: newsletterSchema,
    save: ({ email }) => requestNewsletterSubscription(email),
    saveFailed: NEWSLETTER_FAILED,
    what: "a newsletter subscription",
    done: NEWSLETTER_SENT_PATH,
  });
}

export default function NewsPage() {
  const { chips, selected, featured, list, page, hasMore } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // Server-rendered first; while a chip's link loads on the client the list dims.
  const pending = navigation.state === "loading" && navigation.location.pathname === NEWS_PATH;
  return (
    <>
      <PageHero
        title="الأخبار"
        subtitle="تابع آخر أخبار الجمعية وفعالياتها وبرامجها، وقصص العطاء مع كبار السن في المنطقة الشرقية."
      />

      {featured.length > 0 && (
        <Section k="featured" title="أخبار مميزة">
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {featured.map((card) => (
              <li key={card.slug} className="flex min-w-0 [&>article]:flex-1">
                <NewsCard card={card} featured />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <section
        id={NEWS_LIST_ANCHOR}
        aria-labelledby="all-news-heading"
        className="below-fold mx-auto max-w-7xl scroll-mt-24 px-4 py-10"
      >
        <Text
          k="list-title"
          as="h2"
          id="all-news-heading"
          className="mb-4 text-2xl text-primary-dark md:text-3xl"
        >
          جميع الأخبار
        </Text>
        <CategoryChips chips={chips} selected={selected} />
        <p role="status" className="min-h-7 text-muted">
          {pending ? <Text k="list-loading">جارٍ تحميل الأخبار…</Text> : null}
        </p>
        <div aria-busy={pending} className={cn("transition-opacity", pending && "opacity-50")}>
          {list.length > 0 ? (
            <ul className="grid gap-6 xl:grid-cols-2" data-testid="news-list">
              {list.map((card) => (
                <li key={card.slug} className="flex min-w-0 [&>article]:flex-1">
                  <NewsCard card={card} />
                </li>
              ))}
            </ul>
          ) : null}
          {list.length > 0 || page > 1 ? (
            <PageLinks
              page={page}
              hasMore={hasMore}
              hash={NEWS_LIST_ANCHOR}
              label="صفحات الأخبار"
              newer="أخبار أحدث"
              older="أخبار أقدم"
            />
          ) : null}
          {list.length > 0 ? null : (
            <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
              <Newspaper aria-hidden className="mx-auto mb-3 size-12 text-primary" />
              <Text k="list-empty-title" as="p" className="text-xl font-bold">
                لا توجد أخبار لعرضها
              </Text>
              {selected ? (
                <Text k="list-empty-category" as="p" className="mt-2 text-muted">
                  لا توجد أخبار منشورة في هذا التصنيف حالياً؛ جرّب تصنيفاً آخر أو اعرض جميع الأخبار.
                </Text>
              ) : (
                <Text k="list-empty-text" as="p" className="mt-2 text-muted">
                  لم ننشر أخباراً بعد، وسنشارككم هنا قريباً جديد الجمعية وفعالياتها.
                </Text>
              )}
            </div>
          )}
        </div>
      </section>

      <Newsletter />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
