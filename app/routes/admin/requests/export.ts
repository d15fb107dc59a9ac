import { requestsForCsv } from "~/models/requests.server";
import { answerInboxCsvStream } from "~/services/inbox.server";
import type { Route } from "./+types/export";
import { requestFiltersOf, requestInbox } from "./inbox-schema";

/** The inbox's list (with its filters) as a CSV file for Excel, streamed in batches. */
export async function loader({ request }: Route.LoaderArgs) {
  return answerInboxCsvStream(request, requestInbox([]), (actor) =>
    requestsForCsv(actor, requestFiltersOf(new URL(request.url))),
  );
}
