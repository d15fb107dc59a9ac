import { listConfirmedSubscribersForExport } from "~/models/newsletter.server";
import { answerInboxCsv } from "~/services/inbox.server";
import type { Route } from "./+types/subscribers-export";
import { subscriberInbox } from "./subscribers-schema";

/** The confirmed subscribers as a CSV file for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  return answerInboxCsv(request, subscriberInbox, listConfirmedSubscribersForExport);
}
