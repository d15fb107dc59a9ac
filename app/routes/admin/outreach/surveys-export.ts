import { SURVEY_QUESTIONS } from "~/content/feedback";
import { listSurveyResponsesForStaff } from "~/models/surveys.server";
import { requireRole } from "~/services/permissions.server";
import { csvResponse, toCsv } from "~/shared/csv";
import { isoDate } from "~/shared/dates";
import { localMobile } from "~/shared/outreach-fields";
import { surveyRangeOf } from "~/shared/outreach-filters";
import type { Route } from "./+types/surveys-export";

/** Every answer of one survey in the period, one row each, for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const range = surveyRangeOf(new URL(request.url));
  const rows = await listSurveyResponsesForStaff(actor, range);
  const questions = SURVEY_QUESTIONS[range.audience];
  const csv = toCsv(
    ["التاريخ", ...questions.map((q) => q.text), "التعليق", "الاسم", "الجوال"],
    rows.map((row) => [
      isoDate(row.createdAt).slice(0, 10),
      ...questions.map((q) => row.answers[q.key] ?? ""),
      row.comment,
      row.contactName,
      row.contactPhone ? localMobile(row.contactPhone) : "",
    ]),
  );
  return csvResponse(`survey-${range.audience}-${isoDate(new Date()).slice(0, 10)}.csv`, csv);
}
