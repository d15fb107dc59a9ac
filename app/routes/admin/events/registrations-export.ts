import { data } from "react-router";
import { listRegistrationsForExport } from "~/models/event-registrations.server";
import { getEventForStaff } from "~/models/events.server";
import { requireRole } from "~/services/permissions.server";
import { csvResponse, toCsv } from "~/shared/csv";
import { isoDate } from "~/shared/dates";
import { REGISTRATION_STATUS_LABELS } from "~/shared/events";
import { localMobile } from "~/shared/outreach-fields";
import type { Route } from "./+types/registrations-export";

/** An event's registrations as a CSV file for Excel (formula-safe, UTF-8 with BOM). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const event = await getEventForStaff(actor, params.id);
  if (!event) throw data("الفعالية غير موجودة", { status: 404 });
  const rows = await listRegistrationsForExport(actor, event.id);
  const csv = toCsv(
    ["الاسم", "الجوال", "البريد", "عدد الحضور", "الحالة", "حضر", "تاريخ التسجيل"],
    rows.map((row) => [
      row.fullName,
      localMobile(row.phone),
      row.email,
      row.attendees,
      REGISTRATION_STATUS_LABELS[row.status],
      row.attended ? "نعم" : "لا",
      isoDate(row.createdAt).slice(0, 10),
    ]),
  );
  return csvResponse(`event-registrations-${isoDate(new Date()).slice(0, 10)}.csv`, csv);
}
