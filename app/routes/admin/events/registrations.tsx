import { Users } from "lucide-react";
import { data, useFetcher, useLoaderData } from "react-router";
import { InboxCards, InboxScreen } from "~/components/admin/inbox-screen";
import { useMutationFeedback } from "~/components/admin/mutation-feedback";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import {
  countRegistrations,
  deleteRegistration,
  listRegistrationsForStaff,
  REGISTRATIONS_PAGE_SIZE,
  type Registration,
  setAttendance,
} from "~/models/event-registrations.server";
import { getEventForStaff } from "~/models/events.server";
import { answerInboxAction } from "~/services/inbox.server";
import { requireRole } from "~/services/permissions.server";
import { respondToMutation } from "~/services/staff-actions.server";
import type { ActionResult } from "~/shared/action-result";
import { formatDateTime } from "~/shared/dates";
import { NotFoundError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import { pageFrom, pagingOf } from "~/shared/pagination";
import type { Route } from "./+types/registrations";
import { attendanceSchema, registrationInbox } from "./registrations-schema";

export const meta: Route.MetaFunction = () => [{ title: "تسجيلات الفعالية | جمعية رفق" }];

/** An event's registrations, for editors and admins (docs/decisions/052). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const event = await getEventForStaff(actor, params.id);
  if (!event) throw new NotFoundError("الفعالية غير موجودة");
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
    ...pagingOf(listed, REGISTRATIONS_PAGE_SIZE),
  };
}

/** `intent=attendance` (id, attended yes|no) for editors; `intent=delete` (id) for admins. */
export async function action({ request }: Route.ActionArgs) {
  return answerInboxAction(
    request,
    registrationInbox,
    deleteRegistration,
    async (actor, formData) => {
      const submission = parseForm(formData, { schema: attendanceSchema });
      if (submission.status !== "success") {
        return data<ActionResult>({ ok: false, message: "طلب غير صالح" }, { status: 400 });
      }
      const { id, attended } = submission.value;
      return respondToMutation(() => setAttendance(actor, id, attended === "yes"), {
        success: { type: "success", title: "تم الحفظ", description: "حُفظ الحضور" },
        failure: "فشل في حفظ الحضور",
      });
    },
  );
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

export default function EventRegistrations() {
  const { event, counts, registrations, total, page, hasMore, pageCount } =
    useLoaderData<typeof loader>();
  return (
    <InboxScreen
      inbox={registrationInbox}
      csvHref={STAFF_PATHS.eventRegistrationsExport(event.id)}
      title={`تسجيلات «${event.title}»`}
      description={`${formatDateTime(event.startsAt)} — المقاعد المحجوزة ${event.seatsTaken} من ${event.capacity}، في الانتظار ${counts.waiting}، حضر ${counts.attended}.`}
      back={{ to: STAFF_PATHS.events.list, label: "العودة إلى الفعاليات" }}
      icon={Users}
      total={total}
      pages={{ page, hasMore, pageCount }}
    >
      <InboxCards
        inbox={registrationInbox}
        rows={registrations}
        label="التسجيلات"
        actions={(registration) =>
          registration.status === "confirmed" && <AttendanceButton registration={registration} />
        }
      />
    </InboxScreen>
  );
}
