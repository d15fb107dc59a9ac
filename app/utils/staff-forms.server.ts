import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type Params } from "react-router";
import { listCategories } from "~/models/categories.server";
import {
  isMissingReference,
  isRefusedValue,
  REQUEST_INVALID_VALUES,
  readFormData,
  UPLOAD_MAX_BYTES,
} from "./form-data.server";
import { IMAGE_TOO_LARGE, ImageUploadError, UPLOAD_FAILED } from "./image-upload.server";
import { logger } from "./logger.server";
import { getStaffActor, requireRole } from "./permissions.server";
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
 * 5 MB) body is read — the model checks again — then the body is read with readFormData. A
 * body refused as too large gives `refusal`, a 413 with only the image field's error (no
 * values to echo); any other malformed body is thrown as readFormData's 4xx.
 */
export async function readStaffUpload(request: Request, imageField: string) {
  const actor = assertRole(await getStaffActor(request), "editor");
  try {
    return {
      actor,
      formData: await readFormData(request, { maxBytes: UPLOAD_MAX_BYTES }),
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 413) throw error;
    const reply: SubmissionResult<string[]> = {
      status: "error",
      error: { [imageField]: [IMAGE_TOO_LARGE] },
    };
    return { actor, formData: null, refusal: data(reply, { status: 413 }) };
  }
}

export const CATEGORY_GONE = "التصنيف المختار لم يعد موجوداً، اختر تصنيفاً آخر";

/**
 * The answer of a staff form (post, video, image) whose save failed. Access refusals and
 * other 4xx Responses from the model are thrown on; a refused file is shown beside
 * `imageField`; a category deleted meanwhile beside the category field; any other value
 * PostgreSQL refused is a 400; only a real failure is logged and answered 500 with
 * `saveFailed`.
 */
export function staffSaveFailure(
  submission: Submission<unknown>,
  error: unknown,
  { saveFailed, what, id, imageField }: StaffSaveFailure,
) {
  if (error instanceof Response) throw error;
  if (error instanceof ImageUploadError && imageField) {
    return imageSaveRefusal(submission, imageField, error);
  }
  if (isMissingReference(error)) {
    return data(submission.reply({ fieldErrors: { categoryId: [CATEGORY_GONE] } }), {
      status: 400,
    });
  }
  if (isRefusedValue(error)) {
    return data(submission.reply({ formErrors: [REQUEST_INVALID_VALUES] }), { status: 400 });
  }
  logger.error({ err: error, id }, `failed to save a ${what}`);
  return data(submission.reply({ formErrors: [saveFailed] }), { status: 500 });
}

export interface StaffSaveFailure {
  /** The spec's message, e.g. 'فشل في حفظ المقال'. */
  saveFailed: string;
  /** What the form saves, for the logs ("post", "video", "gallery image"). */
  what: string;
  /** The entry's id on an edit. */
  id?: string;
  /** The form's file field, when it has one. */
  imageField?: string;
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
