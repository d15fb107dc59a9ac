import { listVolunteersForStaff } from "~/models/volunteers.server";
import { answerInboxCsv } from "~/services/inbox.server";
import { volunteerFiltersOf } from "~/shared/outreach-filters";
import type { Route } from "./+types/volunteers-export";
import { volunteerInbox } from "./volunteers-schema";

/** The inbox's list (with its filters) as a CSV file for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  return answerInboxCsv(request, volunteerInbox, (actor) =>
    listVolunteersForStaff(actor, volunteerFiltersOf(new URL(request.url))),
  );
}
