import { getAnswerFileForStaff } from "~/models/form-answers.server";
import { requireRole } from "~/services/permissions.server";
import { documentDisposition } from "~/shared/documents";
import { NotFoundError } from "~/shared/domain-errors";
import type { Route } from "./+types/answer-file";

/**
 * A file sent with a form's answer, for editors and admins only (docs/decisions/071): always a
 * download (`attachment`, nosniff), kept by no cache; the files have no public address.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const file = await getAnswerFileForStaff(actor, params.fileId);
  if (!file) throw new NotFoundError("الملف غير موجود");
  const extension = file.storageKey.split(".").pop() ?? "bin";
  return new Response(await file.open(), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": documentDisposition(file.fileName, `answer-file.${extension}`),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
