import { restorePostRevision } from "~/models/post-revisions.server";
import { restoreRevisionAction } from "~/services/staff-actions.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import type { Route } from "./+types/restore-revision";

/** POST: one click puts an earlier revision back as the post's text (a new save). */
export const action = ({ request, params }: Route.ActionArgs) =>
  restoreRevisionAction(request, params, CONTENT_TYPES.posts, restorePostRevision);
