import { answeringRefusals } from "~/services/error-answers.server";
import type { ActionResult } from "~/shared/action-result";
import { outboxDir } from "~/utils/mailer.server";
import { readOutboxFolder } from "./outbox";

type RouteFunction = (args: never) => unknown;

/**
 * Calls a route loader as the server would and answers what it returned (a throw is thrown): a
 * model's refusal no route caught becomes its HTTP answer, as server/app.ts wraps every route.
 */
export async function load<T>(
  loader: (args: never) => T | Promise<T>,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  return answeringRefusals(loader)({ request, params, context: { cspNonce: "" } } as never);
}

/** Calls a route loader or action as React Router would; a thrown Response is returned. */
export async function call(
  fn: RouteFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<unknown> {
  try {
    return await load(fn, request, params);
  } catch (error) {
    return error;
  }
}

/** The HTTP status of what a route function answered (a `data()` answer defaults to 200). */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } | null })?.init;
  return init?.status ?? 200;
}

/** The body of a `data(...)` answer, or a plain object answer. */
export function dataOf<T = Record<string, unknown>>(result: unknown): T {
  const body = result as { data?: T; type?: string };
  return (body?.type === "DataWithResponseInit" ? body.data : result) as T;
}

/** The headers of a `data(...)` answer or a Response. */
export function headersOf(result: unknown): Headers {
  if (result instanceof Response) return result.headers;
  return new Headers((result as { init?: ResponseInit | null })?.init?.headers);
}

/** The e-mails written to this test file's outbox, oldest first. */
export const readOutbox = () => readOutboxFolder(outboxDir());

/** The field and form errors (form errors under "") of a form's answer, as Conform shows them. */
export function replyErrorsOf(result: unknown): Record<string, string[]> {
  const answer = dataOf<ActionResult>(result);
  return (answer.reply?.error ?? {}) as Record<string, string[]>;
}
