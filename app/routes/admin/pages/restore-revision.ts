import { restorePageRevision } from "~/models/pages.server";
import { restoreRevisionAction } from "~/services/staff-actions.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import type { Route } from "./+types/restore-revision";

/** POST: one click puts an earlier revision's title and blocks back (a new save). */
export const action = ({ request, params }: Route.ActionArgs) =>
  restoreRevisionAction(request, params, CONTENT_TYPES.pages, restorePageRevision);
