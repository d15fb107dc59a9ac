import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type Params } from "react-router";
import { listCategories } from "~/models/categories.server";
import { ImageUploadError, readUploadForm, UPLOAD_FAILED } from "./image-upload.server";
import { logger } from "./logger.server";
import { getActor, requireRole } from "./permissions.server";
import { type Actor, assertRole } from "./roles";

export interface StaffFormLoad<T> {
  /** The entry being edited, as staff see it (null when it does not exist). */
  load(actor: Actor, id: string): Promise<T | null>;
  /** The spec's message when loading it failed, e.g. 'فشل في تحميل بيانات المقال'. */
  loadFailed: string;
  /** The 404 body when it does not exist, e.g. 'المقال غير موجود'. */
  notFoundMessage: string;
  /** What the form edits, for the logs ("post", "video", "image"). */
  what: string;
}

/**
 * The loader of a staff form (new and edit share it; spec §2.4: editors and admins only):
 * the categories (a failure is only logged and the form still works, spec §8) and, on
 * `:id`, the entry — or `loadError` when loading it failed, or a 404 when it is missing.
 */
export async function loadStaffForm<T>(
  request: Request,
  params: Params,
  { load, loadFailed, notFoundMessage, what }: StaffFormLoad<T>,
) {
  const actor = await requireRole(request, "editor");
  const categories = await listCategories().catch((error) => {
    logger.error({ err: error }, `failed to list categories for the ${what} form`);
    return [];
  });
  if (!params.id) return { entry: null, categories, loadError: null };
  let entry: T | null;
  try {
    entry = await load(actor, params.id);
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, id: params.id }, `failed to load a ${what} for editing`);
    return { entry: null, categories, loadError: loadFailed };
  }
  if (!entry) throw data(notFoundMessage, { status: 404 });
  return { entry, categories, loadError: null };
}

/**
 * The start of a staff form's action with an image: the role is checked before the (up to
 * 5 MB) body is read — the model checks again — then the body is read. A body refused as too
 * large gives `refusal`, a 413 with only the image field's error (no values to echo).
 */
export async function readStaffUpload(request: Request, imageField: string) {
  const actor = assertRole(await getActor(request), "editor");
  try {
    return { actor, formData: await readUploadForm(request), refusal: null };
  } catch (error) {
    if (!(error instanceof ImageUploadError)) throw error;
    const reply: SubmissionResult<string[]> = {
      status: "error",
      error: { [imageField]: [error.message] },
    };
    return { actor, formData: null, refusal: data(reply, { status: 413 }) };
  }
}

/**
 * The answer to a file the model refused (422): the reason beside the image field, and a
 * storage failure also as the form's error (so as the toast).
 */
export function imageSaveRefusal(
  submission: Submission<unknown>,
  imageField: string,
  error: ImageUploadError,
) {
  const formErrors = error.message === UPLOAD_FAILED ? [UPLOAD_FAILED] : undefined;
  return data(submission.reply({ fieldErrors: { [imageField]: [error.message] }, formErrors }), {
    status: 422,
  });
}
