import { data } from "react-router";
import { z } from "zod";
import { auditContentWrite } from "~/models/audit-log.server";
import type { ActionResult, Toast } from "~/shared/action-result";
import type { ContentType, RowToast } from "~/shared/content-type";
import { staffSection } from "~/shared/content-types";
import { parseForm } from "~/shared/form-validation";
import { type Actor, assertRole } from "~/shared/roles";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { readFormData } from "../utils/form-data.server";
import { logger } from "../utils/logger.server";
import { failureStatus, isAccessRefusal, throwRefusal } from "./error-answers.server";
import { getStaffActor, requireRole } from "./permissions.server";

/** What a staff action answers a row button (publish toggle, delete). */

/** The row buttons of the staff lists post `intent` and the row's `id`. */
export const LIST_INTENTS = ["publish-toggle", "delete"] as const;
export type ListIntent = (typeof LIST_INTENTS)[number];

const listIntentSchema = z.object({
  intent: z.enum(LIST_INTENTS, { error: "طلب غير صالح" }),
  id: z.string({ error: "طلب غير صالح" }).min(1).max(100),
});

/** The row button's intent and id, or null when the form is something else. */
export function parseListIntent(formData: FormData) {
  const submission = parseForm(formData, { schema: listIntentSchema });
  return submission.status === "success" ? submission.value : null;
}

export interface MutationMessages {
  /** Shown as a toast on the next render of the screen. */
  success: Toast;
  /** The spec's failure message, shown in a toast titled 'خطأ'. */
  failure: string;
}

/**
 * Runs one mutation and answers the button that asked: the success toast (flashed, so it
 * shows after the screen refreshes), or the failure message with the error's status (a model's
 * refusal's own, 400 for a value PostgreSQL refused). Access refusals (401/403) are thrown on to
 * the error page.
 */
export async function respondToMutation(
  run: () => Promise<unknown>,
  { success, failure }: MutationMessages,
) {
  try {
    await run();
  } catch (error) {
    if (isAccessRefusal(error)) throwRefusal(error);
    const status = failureStatus(error);
    if (status >= 500) logger.error({ err: error }, failure);
    return data<ActionResult>({ ok: false, message: failure }, { status });
  }
  return data<ActionResult>(
    { ok: true },
    { headers: { "Set-Cookie": await toastHeader(success) } },
  );
}

export interface ListMutation extends MutationMessages {
  run(actor: Actor | null, id: string): Promise<unknown>;
}

/**
 * A list's row buttons, their toasts as its type declares them: `toggle` for the publish
 * toggle, `remove` for the delete button.
 */
export function listMutations(
  type: ContentType,
  run: { toggle?: ListMutation["run"]; remove: ListMutation["run"] },
): Partial<Record<ListIntent, ListMutation>> {
  const { toggled, deleted } = type.list;
  // Each row button's write is recorded in the audit log with it (docs/decisions/075).
  const audited =
    (fn: ListMutation["run"], action: "publish-toggle" | "deleted"): ListMutation["run"] =>
    (actor, id) =>
      auditContentWrite(actor, type, action, id, () => fn(actor, id));
  const mutation = (fn: ListMutation["run"], title: string, words: RowToast): ListMutation => ({
    run: fn,
    success: { type: "success", title, description: words.done },
    failure: words.failed,
  });
  return {
    ...(run.toggle &&
      toggled && {
        "publish-toggle": mutation(audited(run.toggle, "publish-toggle"), "تم التحديث", toggled),
      }),
    ...(deleted && { delete: mutation(audited(run.remove, "deleted"), "تم الحذف", deleted) }),
  };
}

/**
 * The whole action of a staff list: reads `intent` and `id` (from `formData` when the caller
 * already read the form), runs the matching mutation (the model checks the role) and answers
 * as respondToMutation does.
 */
export async function runListMutation(
  request: Request,
  mutations: Partial<Record<ListIntent, ListMutation>>,
  formData?: FormData,
) {
  const actor = await getStaffActor(request);
  const row = parseListIntent(formData ?? (await readFormData(request)));
  const mutation = row && mutations[row.intent];
  if (!row || !mutation) {
    return data<ActionResult>({ ok: false, message: "طلب غير صالح" }, { status: 400 });
  }
  return respondToMutation(() => mutation.run(actor, row.id), mutation);
}

export interface StaffListLoad<T> {
  list(actor: Actor): Promise<T[]>;
  /** The spec's message when the list could not be loaded, e.g. 'فشل في تحميل الفيديوهات'. */
  loadFailed: string;
  /** What the list holds, for the logs ("posts", "videos", "gallery images"). */
  what: string;
}

/**
 * The loader of a staff list (editors and admins), where a failure to load is logged and shown
 * as `loadError` over an empty list.
 */
export async function loadStaffList<T>(
  request: Request,
  { list, loadFailed, what }: StaffListLoad<T>,
) {
  const actor = await requireRole(request, "editor");
  try {
    return { items: await list(actor), loadError: null };
  } catch (error) {
    logger.error({ err: error }, `failed to list ${what} for the staff`);
    return { items: [] as T[], loadError: loadFailed };
  }
}

/**
 * The action of a "restore" button (posts, pages): an editor puts an earlier revision back (a
 * new save) and returns to the edit form with the type's declared toast.
 */
export async function restoreRevisionAction(
  request: Request,
  { id, revisionId }: { id: string; revisionId: string },
  type: ContentType,
  restore: (actor: Actor | null, id: string, revisionId: string) => Promise<unknown>,
) {
  const actor = assertRole(await getStaffActor(request), "editor");
  await auditContentWrite(actor, type, "restored", id, () => restore(actor, id, revisionId));
  return redirectWithToast(staffSection(type.name).edit(id), {
    type: "success",
    title: "تمت الاستعادة",
    description: type.form.restored,
  });
}
