import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Users } from "lucide-react";
import { data, useFetcher, useLoaderData, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { EmptyState } from "~/components/admin/empty-state";
import { useMutationFeedback } from "~/components/admin/mutation-feedback";
import { ConfirmDeleteButton } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import { Button, buttonClass } from "~/components/ui/button";
import {
  countRegistrations,
  deleteRegistration,
  listRegistrationsForStaff,
  REGISTRATIONS_PAGE_SIZE,
  type Registration,
  setAttendance,
} from "~/models/event-registrations.server";
import { getEventForStaff } from "~/models/events.server";
import { getStaffActor, requireRole } from "~/services/permissions.server";
import { respondToMutation } from "~/services/staff-actions.server";
import type { ActionResult } from "~/shared/action-result";
import { formatDateTime, formatShortDate, isoDate } from "~/shared/dates";
import { REGISTRATION_STATUS_LABELS } from "~/shared/events";
import { localMobile } from "~/shared/outreach-fields";
import { pageFrom } from "~/shared/pagination";
import { type Actor, hasRole } from "~/shared/roles";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/registrations";

export const meta: Route.MetaFunction = () => [{ title: "تسجيلات الفعالية | جمعية رفق" }];

const INVALID_REQUEST = "طلب غير صالح";
const DELETE_CONFIRMATION =
  "سيُحذف تسجيل هذا الشخص وكل بياناته نهائياً، كما يطلب من يريد أن تُنسى بياناته، وتُعطى مقاعده لمن ينتظر. لا يمكن التراجع.";

/** An event's registrations, for editors and admins (docs/decisions/052). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const event = await getEventForStaff(actor, params.id);
  if (!event) throw data("الفعالية غير موجودة", { status: 404 });
  const page = pageFrom(request.url);
  const [listed, counts] = await Promise.all([
    listRegistrationsForStaff(actor, event.id, page),
    countRegistrations(actor, event.id),
  ]);
  return {
    event: {
      id: event.id,
      title: event.title,
      startsAt: event.startsAt,
      capacity: event.capacity,
      seatsTaken: event.seatsTaken,
    },
    counts,
    registrations: listed.items,
    total: listed.total,
    page,
    hasMore: listed.hasMore,
    pageCount: Math.ceil(listed.total / REGISTRATIONS_PAGE_SIZE),
  };
}

const attendanceSchema = z.object({
  intent: z.literal("attendance", { error: INVALID_REQUEST }),
  id: z.string({ error: INVALID_REQUEST }).max(100, INVALID_REQUEST),
  attended: z.enum(["yes", "no"], { error: INVALID_REQUEST }),
});

/** `intent=attendance` (id, attended yes|no) for editors; `intent=delete` (id) for admins. */
export async function action({ request }: Route.ActionArgs) {
  // The staff gate (role and two-factor) before the body is read; the model checks the role again.
  const actor = await getStaffActor(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const id = String(formData.get("id") ?? "").slice(0, 100);
    return respondToMutation(() => deleteRegistration(actor, id), {
      success: { type: "success", title: "تم الحذف", description: "حُذفت بيانات المسجّل نهائياً" },
      failure: "فشل في حذف بيانات المسجّل",
    });
  }
  const submission = parseWithZod(formData, { schema: attendanceSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ ok: false, message: INVALID_REQUEST }, { status: 400 });
  }
  const { id, attended } = submission.value;
  return respondToMutation(() => setAttendance(actor, id, attended === "yes"), {
    success: { type: "success", title: "تم الحفظ", description: "حُفظ الحضور" },
    failure: "فشل في حفظ الحضور",
  });
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

function AttendanceButton({ registration }: { registration: Registration }) {
  const fetcher = useFetcher<ActionResult>();
  useMutationFeedback(fetcher.data);
  const attended = registration.attended;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={registration.id} />
      <input type="hidden" name="attended" value={attended ? "no" : "yes"} />
      <Button
        type="submit"
        name="intent"
        value="attendance"
        variant="outline"
        size="sm"
        pending={fetcher.state !== "idle"}
        aria-pressed={attended}
      >
        {attended ? "حضر ✓" : "سجّل الحضور"}
        <span className="sr-only">: {registration.fullName}</span>
      </Button>
    </fetcher.Form>
  );
}

function RegistrationCard({
  registration,
  actor,
}: {
  registration: Registration;
  actor: Pick<Actor, "role">;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-line bg-white p-5">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-xl break-words">{registration.fullName}</h2>
          <span className="rounded-full bg-primary-light px-3 py-1 text-sm text-primary-dark">
            {REGISTRATION_STATUS_LABELS[registration.status]}
          </span>
        </div>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-muted">الجوال</dt>
          <dd>
            <a href={`tel:${registration.phone}`} dir="ltr" className="underline">
              {localMobile(registration.phone)}
            </a>
          </dd>
          {registration.email && (
            <>
              <dt className="text-muted">البريد</dt>
              <dd dir="ltr" className="text-end wrap-anywhere">
                {registration.email}
              </dd>
            </>
          )}
          <dt className="text-muted">عدد الحضور</dt>
          <dd>{registration.attendees}</dd>
          <dt className="text-muted">تاريخ التسجيل</dt>
          <dd>
            <time dateTime={isoDate(registration.createdAt)}>
              {formatShortDate(registration.createdAt)}
            </time>
          </dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        {registration.status === "confirmed" && <AttendanceButton registration={registration} />}
        {hasRole(actor, "admin") && (
          <ConfirmDeleteButton
            id={registration.id}
            title={registration.fullName}
            message={DELETE_CONFIRMATION}
          />
        )}
      </div>
    </li>
  );
}

export default function EventRegistrations() {
  const { event, counts, registrations, total, page, hasMore, pageCount } =
    useLoaderData<typeof loader>();
  const layout = useRouteLoaderData("routes/admin/dashboard-layout") as
    | { actor: Actor }
    | undefined;
  const actor = layout?.actor ?? { role: "editor" as const };
  return (
    <>
      <AdminPageHeader
        title={`تسجيلات «${event.title}»`}
        description={`${formatDateTime(event.startsAt)} — المقاعد المحجوزة ${event.seatsTaken} من ${event.capacity}، في الانتظار ${counts.waiting}، حضر ${counts.attended}.`}
        back={{ to: STAFF_PATHS.events.list, label: "العودة إلى الفعاليات" }}
        actions={
          <a
            href={STAFF_PATHS.eventRegistrationsExport(event.id)}
            className={buttonClass("outline")}
            download
          >
            <Download aria-hidden className="size-5" />
            تنزيل CSV
          </a>
        }
      />
      <p role="status" className="mb-4 text-muted">
        عدد التسجيلات: {total.toLocaleString("en")}
      </p>
      {registrations.length === 0 ? (
        <EmptyState
          searching={false}
          icon={Users}
          emptyTitle="لا تسجيلات بعد"
          emptyText="ستظهر هنا تسجيلات الناس في هذه الفعالية."
        />
      ) : (
        <ul className="@container space-y-4" aria-label="التسجيلات">
          {registrations.map((registration) => (
            <RegistrationCard key={registration.id} registration={registration} actor={actor} />
          ))}
        </ul>
      )}
      <PageLinks
        page={page}
        hasMore={hasMore}
        pageCount={pageCount}
        label="صفحات التسجيلات"
        newer="السابقة"
        older="التالية"
      />
    </>
  );
}
