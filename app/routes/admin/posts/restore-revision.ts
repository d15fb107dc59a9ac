import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { restorePostRevision } from "~/models/post-revisions.server";
import { getStaffActor } from "~/services/permissions.server";
import { assertRole } from "~/shared/roles";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/restore-revision";

/** POST: one click puts an earlier revision back as the post's text (a new save). */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = assertRole(await getStaffActor(request), "editor");
  await restorePostRevision(actor, params.id, params.revisionId);
  return redirectWithToast(STAFF_PATHS.posts.edit(params.id), {
    type: "success",
    title: "تمت الاستعادة",
    description: "أصبحت النسخة المختارة نص المقال الحالي",
  });
}
