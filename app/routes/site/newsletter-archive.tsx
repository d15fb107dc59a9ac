import { Mail } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { PageHero } from "~/components/page";
import { PageLinks } from "~/components/page-links";
import { ARCHIVE_PAGE_SIZE, listArchivedCampaigns } from "~/models/campaigns.server";
import { formatDate, isoDate } from "~/shared/dates";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { pageFrom } from "~/shared/pagination";
import { NEWS_PATH } from "~/shared/paths";
import type { Route } from "./+types/newsletter-archive";

export const ARCHIVE_PATH = "/newsletter/archive";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "أرشيف النشرة البريدية",
    description: "رسائل النشرة البريدية لجمعية رفق التي أُرسلت إلى المشتركين.",
    path: ARCHIVE_PATH,
  });

/** A sent campaign (or one opted out of the archive) clears this page from the cache. */
export const handle: LiveHandle = { liveLists: ["newsletter_campaigns"] };

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageFrom(request.url);
  const list = await listArchivedCampaigns(page);
  return {
    campaigns: list.items,
    page,
    hasMore: list.hasMore,
    pageCount: Math.ceil(list.total / ARCHIVE_PAGE_SIZE),
  };
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function NewsletterArchive() {
  const { campaigns, page, hasMore, pageCount } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero title="أرشيف النشرة البريدية" subtitle="ما أرسلناه إلى مشتركي النشرة" />
      <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        {campaigns.length === 0 ? (
          <p className="rounded-2xl bg-surface p-6 text-center text-lg">
            لم تُرسل رسائل بعد. اشترك في النشرة من{" "}
            <Link to={NEWS_PATH} className="font-bold text-primary-dark underline">
              صفحة الأخبار
            </Link>{" "}
            لتصلك أولاً بأول.
          </p>
        ) : (
          <ul className="space-y-4">
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link
                  to={`${ARCHIVE_PATH}/${campaign.id}`}
                  className="flex min-h-11 items-start gap-4 rounded-2xl border border-line bg-white p-5 transition hover:border-primary"
                >
                  <Mail aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
                  <span className="space-y-1">
                    <span className="block text-xl font-bold text-primary-dark">
                      {campaign.subject}
                    </span>
                    {campaign.finishedAt && (
                      <time dateTime={isoDate(campaign.finishedAt)} className="block text-muted">
                        {formatDate(campaign.finishedAt)}
                      </time>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          page={page}
          hasMore={hasMore}
          pageCount={pageCount}
          label="صفحات الأرشيف"
          newer="الرسائل الأحدث"
          older="الرسائل الأقدم"
        />
      </section>
    </>
  );
}
