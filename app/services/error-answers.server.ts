import type { Submission } from "@conform-to/react";
import { data, type ServerBuild } from "react-router";
import { type ActionResult, formAnswer } from "~/shared/action-result";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  TooManyRequestsError,
  UnauthenticatedError,
} from "~/shared/domain-errors";
import { isRefusedValue, REQUEST_INVALID_VALUES } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";

/**
 * The one mapper from a model's refusal (app/shared/domain-errors.ts) to what the browser gets:
 * an HTTP answer for the error page, a form's reply, or an action's `ok: false` answer
 * (docs/decisions/041).
 */

/** The headers a refusal carries whatever form it is answered in: `Retry-After` for a 429. */
export function refusalHeaders(error: DomainError): Record<string, string> {
  return error instanceof TooManyRequestsError
    ? { "Retry-After": String(error.retryAfterSeconds) }
    : {};
}

/** The HTTP answer to a refusal: its status with its Arabic message as the body. */
export function httpAnswerOf(error: DomainError): Response {
  const headers = { "Content-Type": "text/plain; charset=utf-8", ...refusalHeaders(error) };
  return new Response(error.message, { status: error.status, headers });
}

/** Throws a refusal as its HTTP answer; anything else returns. */
export function throwRefusal(error: unknown): void {
  if (error instanceof DomainError) throw httpAnswerOf(error);
}

/** Refusals of who is asking (401, 403): the error page shows them, not a toast. */
export const isAccessRefusal = (error: unknown) =>
  error instanceof UnauthenticatedError || error instanceof ForbiddenError;

/**
 * The status a failed action answers with: a refusal's own, 400 for a value PostgreSQL refused,
 * 500 for a real failure.
 */
export function failureStatus(error: unknown): number {
  if (error instanceof DomainError) return error.status;
  return isRefusedValue(error) ? 400 : 500;
}

/** An action's refusal answered as data: `ok: false` with its message (or `message`). */
export const refusalAnswer = (error: DomainError, message = error.message) =>
  data<ActionResult>({ ok: false, message }, { status: error.status });

/**
 * A fetcher's answer to whatever stopped it, as data and never thrown (a thrown answer would
 * replace the page with the error screen): a refusal's status and message, 400 for a value
 * PostgreSQL refused, else `failed` with 500, logged as `what`.
 */
export function fetcherFailure<T extends { ok: false; message: string }>(
  error: unknown,
  { failed, what }: { failed: string; what: string },
) {
  if (error instanceof DomainError) {
    const init = { status: error.status, headers: refusalHeaders(error) };
    return data({ ok: false, message: error.message } as T, init);
  }
  if (isRefusedValue(error)) {
    return data({ ok: false, message: REQUEST_INVALID_VALUES } as T, { status: 400 });
  }
  logger.error({ err: error }, `${what} failed`);
  return data({ ok: false, message: failed } as T, { status: 500 });
}

type DomainErrorKind = abstract new (...args: never[]) => DomainError;

/** What a form shows itself: a value refused or clashing with what is stored. */
const FORM_KINDS: DomainErrorKind[] = [InvalidInputError, ConflictError];

/**
 * A form's answer to a model's refusal: beside its field, or as the form's error when it has
 * none, with the refusal's status. Refusals of other kinds (a missing entry, an access refusal)
 * are the page's and are thrown as their HTTP answer. Null when `error` is no refusal.
 */
export function formRefusal(
  submission: Pick<Submission<unknown>, "reply">,
  error: unknown,
  { kinds = FORM_KINDS, intent }: { kinds?: DomainErrorKind[]; intent?: string } = {},
) {
  if (!(error instanceof DomainError)) return null;
  if (!kinds.some((kind) => error instanceof kind)) throw httpAnswerOf(error);
  const { field, message } = error;
  const errors =
    field === null ? { formErrors: [message] } : { fieldErrors: { [field]: [message] } };
  return formAnswer(
    { intent, reply: submission.reply(errors) },
    { status: error.status, headers: refusalHeaders(error) },
  );
}

/** A loader or action whose refusals become their HTTP answers, as React Router expects. */
export function answeringRefusals<Args, Result>(
  fn: (args: Args) => Result | Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      if (error instanceof DomainError) throw httpAnswerOf(error);
      throw error;
    }
  };
}

/**
 * The server build with every route's loader and action wrapped by `answeringRefusals`, so a
 * refusal no route caught is still a 4xx with its message, never a 500 (server/app.ts).
 */
export function buildAnsweringRefusals(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const { loader, action } = route.module;
      const module = {
        ...route.module,
        ...(loader && { loader: answeringRefusals(loader) }),
        ...(action && { action: answeringRefusals(action) }),
      };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
