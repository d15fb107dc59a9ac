import { History } from "lucide-react";
import { useLoaderData } from "react-router";
import { InboxScreen, InboxTable } from "~/components/admin/inbox-screen";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { AUDIT_PAGE_SIZE, listAuditActors, listAuditLog } from "~/models/audit-log.server";
import { requireRole } from "~/services/permissions.server";
import { pageFrom, pagingOf } from "~/shared/pagination";
import type { Route } from "./+types/log";
import { auditFilters, auditFiltersFrom, auditInbox } from "./log-schema";

export const meta: Route.MetaFunction = () => [{ title: "سجل التغييرات | جمعية رفق" }];

/** The audit log of staff actions, filtered by the address, for administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  const page = pageFrom(request.url);
  const [log, actors] = await Promise.all([
    listAuditLog(actor, auditFiltersFrom(request.url), page),
    listAuditActors(actor),
  ]);
  return {
    rows: log.items,
    ...pagingOf(log, AUDIT_PAGE_SIZE),
    actors,
    search: new URL(request.url).search,
  };
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function AuditLog() {
  const { rows, total, page, hasMore, pageCount, actors, search } = useLoaderData<typeof loader>();
  const inbox = {
    ...auditInbox,
    search: auditInbox.search && { ...auditInbox.search, filters: auditFilters(actors) },
  };
  return (
    <InboxScreen
      inbox={inbox}
      csvHref={`${STAFF_PATHS.auditLogExport}${search}`}
      icon={History}
      total={total}
      pages={{ page, hasMore, pageCount }}
    >
      <InboxTable inbox={inbox} rows={rows} caption="سجل تغييرات فريق العمل" />
    </InboxScreen>
  );
}
