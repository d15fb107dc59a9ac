import { SearchX } from "lucide-react";
import { Form, Link, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import { searchSite } from "~/models/search.server";
import { limitPublicForm } from "~/services/public-forms.server";
import { countSiteSearch } from "~/services/search-statistics.server";
import {
  MAX_QUERY_LENGTH,
  SEARCH_KINDS,
  type Segment,
  snippetSegments,
} from "~/shared/arabic-search";
import { formatDate } from "~/shared/dates";
import { pageMeta } from "~/shared/meta";
import { pageFrom } from "~/shared/pagination";
import { NEWS_PATH, SEARCH_PATH } from "~/shared/paths";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "البحث في الموقع",
    description: "ابحث في أخبار جمعية رفق وصفحاتها ومعرض الوسائط.",
    path: SEARCH_PATH,
  });

/** Searching reads the database: a client may ask 60 times a minute, like a brisk reader. */
const SEARCH_LIMIT = { max: 60, window: 60 };

export const MESSAGES = {
  noWords: "اكتب كلمة أو أكثر بالحروف أو الأرقام للبحث.",
  cut: `البحث طويل؛ بحثنا بأول ${MAX_QUERY_LENGTH} حرف منه.`,
  none: "لا توجد نتائج",
} as const;

/**
 * The search page (docs/decisions/045): a plain GET form, so it works without JavaScript; not
 * kept by the page cache (its `q` is not a stored parameter), so no change needs to clear it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").replace(/\p{Cc}/gu, " ");
  if (query.trim() === "") return { query: "", notice: null, results: null };
  await limitPublicForm(request, "search", SEARCH_LIMIT);
  const found = await searchSite(query, pageFrom(url));
  if (found.words.length > 0) countSiteSearch(request, query, found.page, found.items.length);
  const notice =
    found.words.length === 0
      ? MESSAGES.noWords
      : query.length > MAX_QUERY_LENGTH
        ? MESSAGES.cut
        : null;
  return {
    query: query.slice(0, 1000),
    notice,
    results: {
      page: found.page,
      hasMore: found.hasMore,
      items: found.items.map((hit) => ({
        kind: hit.kind,
        href: hit.href,
        title: snippetSegments(hit.title, found.words),
        snippet: snippetSegments(hit.body, found.words),
        date: hit.date ? formatDate(hit.date) : null,
      })),
    },
  };
}

function Marked({ segments }: { segments: Segment[] }) {
  return segments.map((segment, index) =>
    segment.mark ? (
      <mark key={index} className="rounded bg-secondary/30 px-0.5 text-ink">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}

function NoResults() {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
      <SearchX aria-hidden className="mx-auto mb-3 size-12 text-primary" />
      <p className="text-xl font-bold">{MESSAGES.none}</p>
      <p className="mt-2 text-muted">
        جرّب كلمات أقل أو أقصر، أو تصفّح{" "}
        <Link to={NEWS_PATH} className="text-primary-dark underline">
          الأخبار
        </Link>{" "}
        و
        <Link to="/services" className="text-primary-dark underline">
          الخدمات والبرامج
        </Link>{" "}
        و
        <Link to="/media/gallery" className="text-primary-dark underline">
          معرض الوسائط
        </Link>
        .
      </p>
    </div>
  );
}

export default function SearchPage() {
  const { query, notice, results } = useLoaderData<typeof loader>();
  return (
    <>
      {/* Not an editable page (its texts are not page texts): a plain hero. */}
      <section className="bg-gradient-to-b from-primary-light to-white px-4 py-14 text-center">
        <h1 className="text-3xl text-primary-dark md:text-4xl">البحث في الموقع</h1>
        <p className="mx-auto mt-4 max-w-3xl text-lg text-muted">
          ابحث في الأخبار والصفحات ومعرض الوسائط.
        </p>
      </section>
      <section aria-labelledby="search-results-heading" className="mx-auto max-w-4xl px-4 py-10">
        <Form method="get" action={SEARCH_PATH} role="search" className="flex flex-wrap gap-3">
          <label htmlFor="search-query" className="sr-only">
            كلمات البحث
          </label>
          <input
            id="search-query"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            maxLength={1000}
            placeholder="مثال: الزيارات المنزلية"
            className="min-h-11 min-w-0 flex-1 rounded-xl border-2 border-field bg-white px-4 text-ink focus:border-primary"
          />
          <button
            type="submit"
            className="min-h-11 rounded-xl bg-primary px-6 font-bold text-white hover:bg-primary-dark"
          >
            ابحث
          </button>
        </Form>
        <h2 id="search-results-heading" className="mt-8 mb-4 text-2xl text-primary-dark">
          {results ? `نتائج البحث عن «${query.slice(0, 80)}»` : "ماذا تبحث عنه؟"}
        </h2>
        {notice ? (
          <p role="status" className="mb-4 text-muted">
            {notice}
          </p>
        ) : null}
        {results && results.items.length > 0 ? (
          <ol className="flex flex-col gap-4" data-testid="search-results">
            {results.items.map((item) => (
              <li key={`${item.kind}-${item.href}-${item.title.map((s) => s.text).join("")}`}>
                <article className="rounded-2xl border border-line bg-white p-5">
                  <p className="mb-1 text-sm text-muted">
                    <span className="font-bold text-primary-dark">{SEARCH_KINDS[item.kind]}</span>
                    {item.date ? ` · ${item.date}` : null}
                  </p>
                  <h3 className="text-xl font-bold">
                    <Link
                      to={item.href}
                      className="target-link hover:text-primary-dark hover:underline"
                    >
                      <Marked segments={item.title} />
                    </Link>
                  </h3>
                  <p className="mt-2 leading-8 text-ink/80">
                    <Marked segments={item.snippet} />
                  </p>
                </article>
              </li>
            ))}
          </ol>
        ) : null}
        {results && (results.items.length > 0 || results.page > 1) ? (
          <PageLinks
            page={results.page}
            hasMore={results.hasMore}
            label="صفحات نتائج البحث"
            newer="النتائج السابقة"
            older="نتائج أخرى"
          />
        ) : null}
        {results && results.items.length === 0 ? <NoResults /> : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
