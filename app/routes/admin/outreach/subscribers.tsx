import { Mail } from "lucide-react";
import { useLoaderData } from "react-router";
import { InboxScreen, InboxTable } from "~/components/admin/inbox-screen";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import {
  deleteSubscriber,
  listSubscribersForStaff,
  SUBSCRIBERS_PAGE_SIZE,
} from "~/models/newsletter.server";
import { answerInboxAction } from "~/services/inbox.server";
import { requireRole } from "~/services/permissions.server";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/subscribers";
import { subscriberInbox } from "./subscribers-schema";

export const meta: Route.MetaFunction = () => [{ title: "مشتركو النشرة | جمعية رفق" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const page = pageFrom(request.url);
  const { confirmed, pendingCount } = await listSubscribersForStaff(actor, page);
  return {
    confirmed: confirmed.items,
    confirmedCount: confirmed.total,
    pendingCount,
    page,
    hasMore: confirmed.hasMore,
    pageCount: Math.ceil(confirmed.total / SUBSCRIBERS_PAGE_SIZE),
  };
}

/** An admin removes an address whose owner asked by other means than the e-mailed link. */
export async function action({ request }: Route.ActionArgs) {
  return answerInboxAction(request, subscriberInbox, deleteSubscriber);
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function Subscribers() {
  const { confirmed, confirmedCount, pendingCount, page, hasMore, pageCount } =
    useLoaderData<typeof loader>();
  return (
    <InboxScreen
      inbox={subscriberInbox}
      csvHref={STAFF_PATHS.subscribersExport}
      icon={Mail}
      total={confirmedCount}
      pages={{ page, hasMore, pageCount }}
      above={
        <dl className="mb-6 grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl border border-line bg-white p-5">
            <dt className="text-muted">المشتركون المؤكَّدون</dt>
            <dd className="text-3xl font-bold text-primary-dark">{confirmedCount}</dd>
          </div>
          <div className="rounded-2xl border border-line bg-white p-5">
            <dt className="text-muted">بانتظار التأكيد</dt>
            <dd className="text-3xl font-bold">{pendingCount}</dd>
          </div>
        </dl>
      }
    >
      <InboxTable inbox={subscriberInbox} rows={confirmed} caption="قائمة المشتركين المؤكَّدين" />
    </InboxScreen>
  );
}
