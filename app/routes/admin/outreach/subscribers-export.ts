import { listConfirmedSubscribersForExport } from "~/models/newsletter.server";
import { requireRole } from "~/services/permissions.server";
import { csvResponse, toCsv } from "~/shared/csv";
import { isoDate } from "~/shared/dates";
import type { Route } from "./+types/subscribers-export";

/** The confirmed subscribers as a CSV file for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const confirmed = await listConfirmedSubscribersForExport(actor);
  const csv = toCsv(
    ["البريد الإلكتروني", "تاريخ التأكيد"],
    confirmed.map((row) => [
      row.email,
      row.confirmedAt ? isoDate(row.confirmedAt).slice(0, 10) : "",
    ]),
  );
  return csvResponse(`newsletter-${isoDate(new Date()).slice(0, 10)}.csv`, csv);
}
