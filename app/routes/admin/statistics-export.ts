import { readStatistics } from "~/models/reading-counts.server";
import { requireRole } from "~/services/permissions.server";
import { csvResponse, toCsv } from "~/shared/csv";
import { chartCells, isChartName, STATISTIC_CHARTS } from "~/shared/statistic-charts";
import { periodOf } from "~/shared/statistics";
import type { Route } from "./+types/statistics-export";

/** One statistics chart's figures as a CSV file (`?chart=…&days=…`), for editors and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const url = new URL(request.url);
  const chart = url.searchParams.get("chart");
  if (!isChartName(chart)) {
    throw new Response("لا يوجد رسم بهذا الاسم", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const days = periodOf(url.searchParams.get("days"));
  const declaration = STATISTIC_CHARTS[chart];
  const rows = declaration.rows(await readStatistics(actor, days));
  return csvResponse(
    `statistics-${chart}-${days}.csv`,
    toCsv([...declaration.columns], chartCells(declaration, rows)),
  );
}
