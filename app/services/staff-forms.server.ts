import type { Submission, SubmissionResult } from "@conform-to/react";
import type { Params } from "react-router";
import type { z } from "zod";
import { auditContentWrite } from "~/models/audit-log.server";
import { listCategories } from "~/models/categories.server";
import {
  consumeRateLimit,
  isRateLimitingEnabled,
  type RateLimitRule,
} from "~/models/rate-limits.server";
import { formAnswer, type Toast } from "~/shared/action-result";
import type { ContentType } from "~/shared/content-type";
import { staffSection } from "~/shared/content-types";
import { NotFoundError, PayloadTooLargeError, TooManyRequestsError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import { type Actor, assertRole } from "~/shared/roles";
import { arabicDuration } from "~/utils/auth-errors.server";
import type { BodyCaps } from "~/utils/body-caps.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  isMissingReference,
  isRefusedValue,
  REQUEST_INVALID_VALUES,
  readFormData,
} from "../utils/form-data.server";
import { IMAGE_TOO_LARGE, ImageUploadError, UPLOAD_FAILED } from "../utils/image-upload.server";
import { logger } from "../utils/logger.server";
import { formRefusal, refusalHeaders, throwRefusal } from "./error-answers.server";
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
  if (!entry) throw new NotFoundError(notFoundMessage);
  return { entry, categories, loadError: null };
}

/**
 * Files one member of staff may upload in ten minutes (issue 35: one editor stored 12 × 1 MB in
 * 0.2 s): a day's batch of photos fits, a script filling the disk does not.
 */
export const STAFF_UPLOAD_LIMIT: RateLimitRule = { max: 30, window: 10 * 60 };

export const tooManyUploads = (retryAfterSeconds: number) =>
  `رفعت ملفات كثيرة خلال وقت قصير، يرجى الانتظار ${arabicDuration(retryAfterSeconds)} ثم المحاولة مرة أخرى`;

/**
 * Counts the files `formData` carries against `actor`'s upload rate (the rate-limit rows every
 * process shares) and throws a TooManyRequestsError (429, its wait as `Retry-After`) when over
 * it. Every staff form with a file and the card lists' images pass here before anything is stored.
 */
export async function limitStaffUploads(actor: Actor, formData: FormData): Promise<void> {
  if (!isRateLimitingEnabled()) return;
  let wait: number | null = null;
  for (const value of formData.values()) {
    if (!(value instanceof File) || value.size === 0) continue;
    const { allowed, retryAfterSeconds } = await consumeRateLimit(
      `upload|user|${actor.id}`,
      STAFF_UPLOAD_LIMIT,
    );
    if (!allowed) wait = retryAfterSeconds;
  }
  if (wait !== null) throw new TooManyRequestsError(tooManyUploads(wait), wait);
}

/** How a staff form's body is read: its caps, and its file field with that field's message. */
export interface StaffFormBody {
  /** The form's caps (app/utils/body-caps.server.ts); a form of short fields by default. */
  caps?: BodyCaps;
  /** The form's file field, when it has one. */
  imageField?: string;
  /** What the file field says when the file is too large; an image's by default. */
  fileTooLarge?: string;
}

/**
 * The body of a staff form's action. The role is checked before the body is read (the model
 * checks again). A file over its field's limit is received and dropped (readFormData), so the
 * field's schema says so beside it and the other fields come back; only a body past the caps'
 * `maxBytes` answers 413 with the file field's error alone (no values to echo). Any other
 * malformed body is thrown as readFormData's 4xx.
 */
export async function readStaffForm(
  request: Request,
  { caps, imageField, fileTooLarge = IMAGE_TOO_LARGE }: StaffFormBody = {},
) {
  const actor = assertRole(await getStaffActor(request), "editor");
  // A refusal of the body (too large, or over the upload rate) said beside the file field, with
  // the refusal's status and headers (Retry-After); without a file field it is thrown as is.
  const refusal = (error: PayloadTooLargeError | TooManyRequestsError, field: string) => {
    const message = error instanceof PayloadTooLargeError ? fileTooLarge : error.message;
    const reply: SubmissionResult<string[]> = {
      status: "error",
      error: { [field]: [message] },
    };
    const init = { status: error.status, headers: refusalHeaders(error) };
    return { actor, formData: null, refusal: formAnswer({ reply }, init) };
  };
  try {
    const formData = await readFormData(request, caps);
    await limitStaffUploads(actor, formData);
    return { actor, formData, refusal: null };
  } catch (error) {
    const refused = error instanceof PayloadTooLargeError || error instanceof TooManyRequestsError;
    if (!refused || !imageField) throw error;
    return refusal(error, imageField);
  }
}

export const CATEGORY_GONE = "التصنيف المختار لم يعد موجوداً، اختر تصنيفاً آخر";

export interface StaffFormFlow<Schema extends z.ZodType> extends StaffFormBody {
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
  /** Its content type: a saved form returns to its list, with its declared toasts. */
  type: ContentType;
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
  const { actor, formData, refusal } = await readStaffForm(request, flow);
  if (refusal) return refusal;
  const schema = typeof flow.schema === "function" ? flow.schema(Boolean(params.id)) : flow.schema;
  const submission = parseForm(formData, { schema });
  // A list's button (add, move, remove a form's field) without JavaScript: the changed form back.
  if (submission.status === undefined) return formAnswer({ reply: submission.reply() });
  if (submission.status !== "success")
    return formAnswer({ reply: submission.reply() }, { status: 400 });
  try {
    const action = params.id ? "updated" : "created";
    await auditContentWrite(actor, flow.type, action, params.id, () =>
      flow.save(actor, submission.value as z.output<Schema>, params.id),
    );
  } catch (error) {
    if (error instanceof ImageUploadError && flow.imageField) {
      return imageSaveRefusal(submission, flow.imageField, error);
    }
    return (
      formRefusal(submission, error) ??
      staffSaveFailure(submission, error, { ...flow, id: params.id })
    );
  }
  return redirectWithToast(staffSection(flow.type.name).list, savedToast(flow.type, params.id));
}

/** The toast of a saved form, as its type declares it: created, or updated ("تم الحفظ"). */
function savedToast(type: ContentType, id: string | undefined): Toast {
  if (!id) return { type: "success", ...type.form.created };
  return { type: "success", title: "تم الحفظ", description: type.form.updated };
}

/**
 * The answer of a staff form whose save failed for another reason than a refusal: a category
 * deleted meanwhile beside the category field; any other value PostgreSQL refused is a 400; only
 * a real failure is logged and answered 500 with `saveFailed`.
 */
function staffSaveFailure(
  submission: Submission<unknown>,
  error: unknown,
  { saveFailed, what, id }: StaffSaveFailure,
) {
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
