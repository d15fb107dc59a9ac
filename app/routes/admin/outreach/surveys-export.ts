import { listSurveyResponsesForStaff } from "~/models/surveys.server";
import { answerInboxCsv } from "~/services/inbox.server";
import { surveyRangeOf } from "~/shared/outreach-filters";
import type { Route } from "./+types/surveys-export";
import { surveyInbox } from "./surveys-schema";

/** Every answer of one survey in the period, one row each, for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  const range = surveyRangeOf(new URL(request.url));
  return answerInboxCsv(request, surveyInbox(range.audience), (actor) =>
    listSurveyResponsesForStaff(actor, range),
  );
}
