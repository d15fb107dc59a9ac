import { listRegistrationsForExport } from "~/models/event-registrations.server";
import { getEventForStaff } from "~/models/events.server";
import { answerInboxCsv } from "~/services/inbox.server";
import { NotFoundError } from "~/shared/domain-errors";
import type { Route } from "./+types/registrations-export";
import { registrationInbox } from "./registrations-schema";

/** An event's registrations as a CSV file for Excel (formula-safe, UTF-8 with BOM). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answerInboxCsv(request, registrationInbox, async (actor) => {
    const event = await getEventForStaff(actor, params.id);
    if (!event) throw new NotFoundError("الفعالية غير موجودة");
    return listRegistrationsForExport(actor, event.id);
  });
}
