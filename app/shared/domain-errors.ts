/**
 * What a model refuses, in the model's words (docs/decisions/041): thrown by models and by
 * `assertRole`, never a `Response`. Each kind carries its Arabic message, the HTTP status it is
 * answered with, and, for a refused value, the form field it belongs beside.
 * `app/services/error-answers.server.ts` turns them into HTTP answers or form replies.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409;

  constructor(
    message: string,
    /** The form field the refusal is about; null when it concerns the whole form or page. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

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
