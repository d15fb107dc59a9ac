import { Users } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { listMeta, StaffListScreen } from "~/components/admin/list-screen";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import {
  deleteEvent,
  listEventsForStaff,
  STAFF_EVENTS_PAGE_SIZE,
  type StaffEventRow,
  toggleEventStatus,
} from "~/models/events.server";
import { listMutations, runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { formatDateTime } from "~/shared/dates";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.events);

const DELETE_CONFIRMATION =
  "ستُحذف الفعالية وكل تسجيلاتها نهائياً، ولن يصل المسجّلين تذكير. لا يمكن التراجع عن هذا الإجراء.";

/** Editors and admins manage events (docs/decisions/052). */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...list } = await loadStaffPage(request, {
    list: listEventsForStaff,
    pageSize: STAFF_EVENTS_PAGE_SIZE,
    loadFailed: "فشل في تحميل الفعاليات",
    what: "events",
  });
  return { events: items, ...list };
}

/** Row buttons: `intent` = publish-toggle | delete, with the event's `id`. */
export function action({ request }: Route.ActionArgs) {
  return runListMutation(
    request,
    listMutations(CONTENT_TYPES.events, { toggle: toggleEventStatus, remove: deleteEvent }),
  );
}

type Row = Omit<StaffEventRow, "startsAt"> & { startsAt: Date | string };

const COLUMNS: Column<Row>[] = [
  { header: "الفعالية", cell: (event) => <span className="font-bold">{event.title}</span> },
  { header: "الموعد", cell: (event) => formatDateTime(event.startsAt) },
  { header: "المكان", cell: (event) => event.place },
  {
    header: "المقاعد",
    cell: (event) => `${event.seatsTaken} من ${event.capacity}`,
    className: "whitespace-nowrap",
  },
  {
    header: "الحالة",
    cell: (event) => (
      <span className="flex flex-wrap gap-2">
        <StatusBadge status={event.status} />
        {!event.registrationOpen && <span className="text-sm text-muted">التسجيل مغلق</span>}
      </span>
    ),
  },
];

export default function EventsList() {
  const { events, q, loadError, ...pages } = useLoaderData<typeof loader>();
  return (
    <StaffListScreen
      type={CONTENT_TYPES.events}
      searching={Boolean(q)}
      loadError={loadError}
      page={pages}
    >
      <DataTable<Row>
        caption="قائمة الفعاليات"
        rows={events}
        rowKey={(event) => event.id}
        columns={COLUMNS}
        actions={(event) => (
          <>
            <Link
              to={STAFF_PATHS.eventRegistrations(event.id)}
              className={buttonClass("outline", "sm")}
              aria-label={`التسجيلات: ${event.title}`}
            >
              <Users aria-hidden className="size-4" />
              التسجيلات
            </Link>
            <StaffRowActions
              row={event}
              editTo={STAFF_PATHS.events.edit(event.id)}
              deleteMessage={DELETE_CONFIRMATION}
            />
          </>
        )}
      />
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
