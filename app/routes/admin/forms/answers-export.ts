import { getFormForStaff } from "~/models/built-forms.server";
import { answerPagesForStaff } from "~/models/form-answers.server";
import { answerInboxCsvStream } from "~/services/inbox.server";
import { requireRole } from "~/services/permissions.server";
import { NotFoundError } from "~/shared/domain-errors";
import type { Route } from "./+types/answers-export";
import { answerInbox } from "./answers-schema";

/** A form's answers as a CSV file for Excel, streamed a page at a time (formula-safe, BOM). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const form = await getFormForStaff(await requireRole(request, "editor"), params.id);
  if (!form) throw new NotFoundError("النموذج غير موجود");
  return answerInboxCsvStream(request, answerInbox(form), (actor) =>
    answerPagesForStaff(actor, form.id),
  );
}
