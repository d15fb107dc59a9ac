import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

/** A toast the server asks the page to show (after a redirect, in a cookie; or in an answer). */
export interface Toast {
  /** Set by toastHeader: a toast read twice (a repeated request) still shows once. */
  id?: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** What any answer may carry besides whether it was done. */
interface AnswerParts {
  /** The form that asked, on a screen with several (each form posts its own `intent`). */
  intent?: string;
  /** Conform's reply, for a form with fields: the errors beside them, or a reset. */
  reply?: SubmissionResult<string[]>;
  /** Shown on the page; a redirect carries its toast in a cookie instead. */
  toast?: Toast;
  /** A lasting message shown with the form, for people who miss the toast. */
  notice?: { tone: "success" | "error"; message: string };
  /** Leave the page after a pause (the reset flow's timed redirects). */
  redirect?: { to: string; afterMs: number };
}

/**
 * What every action answers, on both sides of the wire (or it redirects or throws a Response):
 * `ok` with what it made (`Done`), or the Arabic `message` saying why not (and whatever else that
 * refusal carries, `Refused`). Forms add their `reply`; screens with several forms their `intent`.
 */
export type ActionResult<Done extends object = object, Refused extends object = object> =
  | ({ ok: true } & AnswerParts & Done)
  | ({ ok: false; message: string } & AnswerParts & Refused);

/** Said when a form's reply is refused without a message of its own. */
export const FORM_REFUSED = "راجع الحقول المشار إليها";

/** The first message a Conform reply holds: the form's own error first, then its fields'. */
export function firstReplyError(reply: Pick<SubmissionResult<string[]>, "error">) {
  const errors = reply.error ?? {};
  const first = [errors[""], ...Object.values(errors)].find((messages) => messages?.length);
  return first?.[0];
}

/** A form's Conform reply and what else its answer carries. */
type FormAnswerParts = Omit<AnswerParts, "reply"> & { reply: SubmissionResult<string[]> };

/**
 * A form's answer from its Conform reply: refused (saying its first error) when the reply holds
 * errors, done otherwise.
 */
export function formResult({ reply, ...parts }: FormAnswerParts): ActionResult {
  if (reply.status !== "error") return { ok: true, ...parts, reply };
  return { ok: false, message: firstReplyError(reply) ?? FORM_REFUSED, ...parts, reply };
}

/** `formResult` as an action's answer, with its status and headers. */
export const formAnswer = (parts: FormAnswerParts, init?: ResponseInit) =>
  data<ActionResult>(formResult(parts), init);
