import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type Params } from "react-router";
import type { z } from "zod";
import { listCategories } from "~/models/categories.server";
import { formAnswer, type Toast } from "~/shared/action-result";
import { type Actor, assertRole } from "~/shared/roles";
import { redirectWithToast } from "~/utils/toast.server";
import {
  isMissingReference,
  isRefusedValue,
  REQUEST_INVALID_VALUES,
  readFormData,
  UPLOAD_MAX_BYTES,
} from "../utils/form-data.server";
import { IMAGE_TOO_LARGE, ImageUploadError, UPLOAD_FAILED } from "../utils/image-upload.server";
import { logger } from "../utils/logger.server";
import { formRefusal, throwRefusal } from "./error-answers.server";
import { getStaffActor, requireRole } from "./permissions.server";

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
    throwRefusal(error);
    logger.error({ err: error, id: params.id }, `failed to load a ${what} for editing`);
    return { entry: null, categories, loadError: loadFailed };
  }
  if (!entry) throw data(notFoundMessage, { status: 404 });
  return { entry, categories, loadError: null };
}

/** How large a form with a file may be, and what its file field says when it is larger. */
export interface FileLimit {
  maxBytes: number;
  tooLarge: string;
}
const IMAGE_LIMIT: FileLimit = { maxBytes: UPLOAD_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE };

/**
 * The body of a staff form's action. The role is checked before the body is read (the model
 * checks again); a form with a file allows the larger upload size, and a body refused as too
 * large answers 413 with only the file field's error (no values to echo). Any other malformed
 * body is thrown as readFormData's 4xx.
 */
export async function readStaffForm(
  request: Request,
  imageField?: string,
  fileLimit: FileLimit = IMAGE_LIMIT,
) {
  const actor = assertRole(await getStaffActor(request), "editor");
  if (!imageField) return { actor, formData: await readFormData(request), refusal: null };
  try {
    return {
      actor,
      formData: await readFormData(request, { maxBytes: fileLimit.maxBytes }),
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 413) throw error;
    const reply: SubmissionResult<string[]> = {
      status: "error",
      error: { [imageField]: [fileLimit.tooLarge] },
    };
    return { actor, formData: null, refusal: formAnswer({ reply }, { status: 413 }) };
  }
}

export const CATEGORY_GONE = "التصنيف المختار لم يعد موجوداً، اختر تصنيفاً آخر";

export interface StaffFormFlow<Schema extends z.ZodType> {
  /** The form's schema (a function when it depends on new or edit). */
  schema: Schema | ((isEdit: boolean) => Schema);
  /**
   * Creates the entry (no `id`) or updates it. A refused value or a clash (an InvalidInputError
   * or ConflictError, from the model or the flow itself) is shown beside its field, or as the
   * form's error; a missing entry or an access refusal goes to the error page.
   */
  save(actor: Actor, value: z.output<Schema>, id: string | undefined): Promise<unknown>;
  /** The spec's message, e.g. 'فشل في حفظ المقال'. */
  saveFailed: string;
  /** What the form saves, for the logs ("post", "video", "gallery image"). */
  what: string;
  /** The form's file field, when it has one. */
  imageField?: string;
  /** The limit of a form whose file is not an image (a document's PDF); images' by default. */
  fileLimit?: FileLimit;
  /** Where a saved form returns, and its toasts. */
  done: { to: string; created: Toast; updated: Toast };
}

/**
 * The action of a staff form (post, video, image), new and edit alike: read → parse → create or
 * update → answer the model's refusals beside their fields → toast and back to the list.
 */
export async function staffFormAction<Schema extends z.ZodType>(
  request: Request,
  params: Params,
  flow: StaffFormFlow<Schema>,
) {
  const { actor, formData, refusal } = await readStaffForm(
    request,
    flow.imageField,
    flow.fileLimit,
  );
  if (refusal) return refusal;
  const schema = typeof flow.schema === "function" ? flow.schema(Boolean(params.id)) : flow.schema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return formAnswer({ reply: submission.reply() }, { status: 400 });
  try {
    await flow.save(actor, submission.value as z.output<Schema>, params.id);
  } catch (error) {
    return (
      formRefusal(submission, error) ??
      staffSaveFailure(submission, error, { ...flow, id: params.id })
    );
  }
  return redirectWithToast(flow.done.to, params.id ? flow.done.updated : flow.done.created);
}

/**
 * The answer of a staff form whose save failed for another reason than a model's refusal: a
 * Response is thrown on as it is; a refused file is shown beside `imageField`; a
 * category deleted meanwhile beside the category field; any other value PostgreSQL refused is a
 * 400; only a real failure is logged and answered 500 with `saveFailed`.
 */
function staffSaveFailure(
  submission: Submission<unknown>,
  error: unknown,
  { saveFailed, what, id, imageField }: StaffSaveFailure,
) {
  throwRefusal(error);
  if (error instanceof ImageUploadError && imageField) {
    return imageSaveRefusal(submission, imageField, error);
  }
  if (isMissingReference(error)) {
    const reply = submission.reply({ fieldErrors: { categoryId: [CATEGORY_GONE] } });
    return formAnswer({ reply }, { status: 400 });
  }
  if (isRefusedValue(error)) {
    return formAnswer(
      { reply: submission.reply({ formErrors: [REQUEST_INVALID_VALUES] }) },
      { status: 400 },
    );
  }
  logger.error({ err: error, id }, `failed to save a ${what}`);
  return formAnswer({ reply: submission.reply({ formErrors: [saveFailed] }) }, { status: 500 });
}

interface StaffSaveFailure {
  saveFailed: string;
  what: string;
  id?: string;
  imageField?: string;
}

/**
 * The answer to a file the model refused (422): the reason beside the image field, and a
 * storage failure also as the form's error (so as the toast).
 */
function imageSaveRefusal(
  submission: Submission<unknown>,
  imageField: string,
  error: ImageUploadError,
) {
  const formErrors = error.message === UPLOAD_FAILED ? [UPLOAD_FAILED] : undefined;
  const reply = submission.reply({ fieldErrors: { [imageField]: [error.message] }, formErrors });
  return formAnswer({ reply }, { status: 422 });
}
