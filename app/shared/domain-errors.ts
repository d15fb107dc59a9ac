/**
 * What the server refuses, in its own words (docs/decisions/041, 065): thrown by models,
 * `assertRole`, the staff gate, the body reader and the rate limits, never a `Response`. Each
 * kind carries its Arabic message, the HTTP status it is answered with, and, for a refused value,
 * the form field it belongs beside. `app/services/error-answers.server.ts` turns them into HTTP
 * answers or form replies.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

  constructor(
    message: string,
    /** The form field the refusal is about; null when it concerns the whole form or page. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What a public page that does not exist says (its error screen is «الصفحة غير موجودة»). */
export const PAGE_MISSING = "الصفحة غير موجودة";

/** The thing asked for does not exist (or is not the actor's to see). */
export class NotFoundError extends DomainError {
  readonly status = 404;
}

/** The request clashes with what is stored: a taken name, a change made meanwhile. */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** The actor is signed in but may not do this. */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}

/** Nobody is signed in. */
export class UnauthenticatedError extends DomainError {
  readonly status = 401;
}

/** A value the model will not store. */
export class InvalidInputError extends DomainError {
  readonly status = 400;
}

/** A body larger than its route takes (the body reader, server/body-limits.ts). */
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}

/** A body that is not a form (the body reader). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}

/** A file received whole that cannot be kept: not an image, too large once decoded, not stored. */
export class UnprocessableUploadError extends DomainError {
  readonly status = 422;
}

/** Too many attempts from one client; answered with `Retry-After`. */
export class TooManyRequestsError extends DomainError {
  readonly status = 429;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * An edit form saved after someone else saved the same entry: its version (the `updated_at` it
 * was opened with) is no longer the stored one, so nothing is written (docs/decisions/067).
 * `entry` is the entry in Arabic with its article, feminine as the message is: «هذه الفعالية».
 */
export class StaleEditError extends ConflictError {
  constructor(entry: string) {
    super(
      `عدّل شخص آخر ${entry} بعد أن فتحتها، فلم يُحفظ شيء. انسخ تعديلاتك ثم أعد تحميل الصفحة لترى نسخته.`,
    );
  }
}
