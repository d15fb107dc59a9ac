import { ArrowRight } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { PageHero } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { getArchivedCampaign } from "~/models/campaigns.server";
import { formatDate, isoDate } from "~/shared/dates";
import { NotFoundError } from "~/shared/domain-errors";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { feedPostHtml } from "~/utils/rich-text.server";
import type { Route } from "./+types/newsletter-archive-item";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.campaign.subject ?? "أرشيف النشرة البريدية",
    description: "رسالة من النشرة البريدية لجمعية رفق.",
    path: loaderData ? `/newsletter/archive/${loaderData.campaign.id}` : "/newsletter/archive",
  });

export const handle: LiveHandle = { liveLists: ["newsletter_campaigns"] };

/** A sent campaign in the archive; a draft, a campaign still going or an opted-out one: 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const campaign = await getArchivedCampaign(params.id);
  if (!campaign) throw new NotFoundError("الرسالة غير موجودة في الأرشيف");
  // The one allowlist again at render; a video is a link here (no player on this page).
  return { campaign: { ...campaign, bodyHtml: feedPostHtml(campaign.bodyHtml, "") } };
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function ArchivedCampaign() {
  const { campaign } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero title={campaign.subject} subtitle="من أرشيف النشرة البريدية" />
      <article className="mx-auto max-w-3xl px-4 py-10">
        {campaign.finishedAt && (
          <p className="text-muted">
            أُرسلت في{" "}
            <time dateTime={isoDate(campaign.finishedAt)}>{formatDate(campaign.finishedAt)}</time>
          </p>
        )}
        <div
          className="article-body mt-6"
          data-testid="campaign-content"
          dangerouslySetInnerHTML={{ __html: campaign.bodyHtml }}
        />
        <footer className="mt-12 border-t border-line pt-6">
          <Link to="/newsletter/archive" className={buttonClass("outline", "lg")}>
            <ArrowRight aria-hidden className="size-5" />
            كل رسائل النشرة
          </Link>
        </footer>
      </article>
    </>
  );
}
