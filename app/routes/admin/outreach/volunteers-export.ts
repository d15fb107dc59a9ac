import { availabilityLabels, interestLabels, VOLUNTEER_STATUS_LABELS } from "~/content/volunteer";
import { listVolunteersForStaff } from "~/models/volunteers.server";
import { requireRole } from "~/services/permissions.server";
import { csvResponse, toCsv } from "~/shared/csv";
import { isoDate } from "~/shared/dates";
import { cityName, localMobile } from "~/shared/outreach-fields";
import { volunteerFiltersOf } from "~/shared/outreach-filters";
import type { Route } from "./+types/volunteers-export";

/** The inbox's list (with its filters) as a CSV file for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const rows = await listVolunteersForStaff(actor, volunteerFiltersOf(new URL(request.url)));
  const csv = toCsv(
    [
      "الاسم",
      "الجوال",
      "البريد",
      "المدينة",
      "المجالات",
      "الأوقات",
      "ملاحظة",
      "الحالة",
      "ملاحظة الفريق",
      "تاريخ الطلب",
    ],
    rows.map((row) => [
      row.fullName,
      localMobile(row.phone),
      row.email,
      cityName(row.city),
      interestLabels(row.interests).join("، "),
      availabilityLabels(row.availability).join("، "),
      row.message,
      VOLUNTEER_STATUS_LABELS[row.status],
      row.staffNote,
      isoDate(row.createdAt).slice(0, 10),
    ]),
  );
  return csvResponse(`volunteers-${isoDate(new Date()).slice(0, 10)}.csv`, csv);
}
