import { ClipboardList } from "lucide-react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { InboxCards, InboxScreen } from "~/components/admin/inbox-screen";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import { listRequestForms, listRequestsPage, REQUESTS_PAGE_SIZE } from "~/models/requests.server";
import { requireRole } from "~/services/permissions.server";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/inbox";
import { requestFiltersOf, requestInbox } from "./inbox-schema";

export const meta: Route.MetaFunction = () => [{ title: "الطلبات | جمعية رفق" }];

/** Editors and admins work requests (docs/decisions/072); viewers are refused here. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const url = new URL(request.url);
  const page = pageFrom(url);
  const [listed, forms] = await Promise.all([
    listRequestsPage(actor, { ...requestFiltersOf(url), page }),
    listRequestForms(actor),
  ]);
  return {
    requests: listed.items,
    forms,
    total: listed.total,
    page,
    hasMore: listed.hasMore,
    pageCount: Math.ceil(listed.total / REQUESTS_PAGE_SIZE),
  };
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function RequestsInbox() {
  const { requests, forms, total, page, hasMore, pageCount } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const inbox = requestInbox(forms);
  return (
    <InboxScreen
      inbox={inbox}
      csvHref={`${STAFF_PATHS.requestsExport}?${params}`}
      icon={ClipboardList}
      total={total}
      pages={{ page, hasMore, pageCount }}
    >
      <InboxCards
        inbox={inbox}
        rows={requests.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }))}
        actions={(row) => (
          <Link to={STAFF_PATHS.request(row.id)} className={buttonClass("outline", "sm")}>
            افتح الطلب <span className="sr-only">{row.reference}</span>
          </Link>
        )}
      />
    </InboxScreen>
  );
}
