import type { Submission } from "@conform-to/react";
import { data, type ServerBuild } from "react-router";
import { type ActionResult, formAnswer } from "~/shared/action-result";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  UnauthenticatedError,
} from "~/shared/domain-errors";
import { isRefusedValue } from "~/utils/form-data.server";

/**
 * The one mapper from a model's refusal (app/shared/domain-errors.ts) to what the browser gets:
 * an HTTP answer for the error page, a form's reply, or an action's `ok: false` answer
 * (docs/decisions/041).
 */

/** The HTTP answer to a refusal: its status with its Arabic message as the body. */
export const httpAnswerOf = (error: DomainError) =>
  new Response(error.message, { status: error.status });

/** Throws a refusal as its HTTP answer (and a Response as it is); anything else returns. */
export function throwRefusal(error: unknown): void {
  if (error instanceof DomainError) throw httpAnswerOf(error);
  if (error instanceof Response) throw error;
}

/** Refusals of who is asking (401, 403): the error page shows them, not a toast. */
export const isAccessRefusal = (error: unknown) =>
  error instanceof UnauthenticatedError ||
  error instanceof ForbiddenError ||
  (error instanceof Response && (error.status === 401 || error.status === 403));

/**
 * The status a failed action answers with: a refusal's own, 400 for a value PostgreSQL refused,
 * 500 for a real failure.
 */
export function failureStatus(error: unknown): number {
  if (error instanceof DomainError || error instanceof Response) return error.status;
  return isRefusedValue(error) ? 400 : 500;
}

/** An action's refusal answered as data: `ok: false` with its message (or `message`). */
export const refusalAnswer = (error: DomainError, message = error.message) =>
  data<ActionResult>({ ok: false, message }, { status: error.status });

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
  return formAnswer({ intent, reply: submission.reply(errors) }, { status: error.status });
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
