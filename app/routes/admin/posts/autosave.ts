import { data } from "react-router";
import { z } from "zod";
import {
  discardAutosave,
  draftFieldsSchema,
  draftKeyOf,
  saveAutosave,
} from "~/models/post-revisions.server";
import { getStaffActor } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import { parseForm } from "~/shared/form-validation";
import { assertRole } from "~/shared/roles";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/autosave";

const autosaveSchema = z.discriminatedUnion("intent", [
  draftFieldsSchema.extend({ intent: z.literal("save"), postId: z.string().max(40).optional() }),
  z.object({ intent: z.literal("discard"), postId: z.string().max(40).optional() }),
]);

/** When the draft was saved (none for a discarded one), or why not. */
type Autosaved = ActionResult<{ savedAt?: string }>;
const invalid = () => data<Autosaved>({ ok: false, message: "طلب غير صالح" }, { status: 400 });

/**
 * POST: the post form's autosave (every few seconds of quiet typing, and on leaving the page)
 * or the dismissal of an offered draft. Editors and admins only; answered as data.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = assertRole(await getStaffActor(request), "editor");
  const submission = parseForm(await readFormData(request), { schema: autosaveSchema });
  if (submission.status !== "success") return invalid();
  const key = draftKeyOf(submission.value.postId);
  if (!key) return invalid();
  if (submission.value.intent === "discard") {
    await discardAutosave(actor, key);
    return data<Autosaved>({ ok: true });
  }
  const { title, excerpt, content } = submission.value;
  const { savedAt } = await saveAutosave(actor, key, { title, excerpt, content });
  return data<Autosaved>({ ok: true, savedAt: savedAt.toISOString() });
}
