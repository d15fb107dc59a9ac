import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { restorePageRevision } from "~/models/pages.server";
import { getStaffActor } from "~/services/permissions.server";
import { assertRole } from "~/shared/roles";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/restore-revision";

/** POST: one click puts an earlier revision's title and blocks back (a new save). */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = assertRole(await getStaffActor(request), "editor");
  await restorePageRevision(actor, params.id, params.revisionId);
  return redirectWithToast(STAFF_PATHS.pages.edit(params.id), {
    type: "success",
    title: "تمت الاستعادة",
    description: "أصبحت النسخة المختارة محتوى الصفحة الحالي",
  });
}
