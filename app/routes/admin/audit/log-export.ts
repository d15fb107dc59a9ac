import { listAuditLogForExport } from "~/models/audit-log.server";
import { answerInboxCsv } from "~/services/inbox.server";
import type { Route } from "./+types/log-export";
import { auditFiltersFrom, auditInbox } from "./log-schema";

/** The audit log as a CSV file, with the screen's filters (administrators only). */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = auditFiltersFrom(request.url);
  return answerInboxCsv(
    request,
    auditInbox,
    (actor) => listAuditLogForExport(actor, filters),
    "admin",
  );
}
