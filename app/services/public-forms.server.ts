import { redirect } from "react-router";
import type { z } from "zod";
import {
  consumeRateLimit,
  isRateLimitingEnabled,
  type RateLimitRule,
} from "~/models/rate-limits.server";
import { formAnswer } from "~/shared/action-result";
import { TooManyRequestsError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import { HONEYPOT_FIELD } from "~/shared/honeypot";
import { tooManyAttempts } from "../utils/auth-errors.server";
import { type ReadCaps, readFormData } from "../utils/form-data.server";
import { logger } from "../utils/logger.server";
import { clientAddress } from "./auth.server";
import { formRefusal } from "./error-answers.server";

/**
 * The forms open to everyone (volunteering, surveys, newsletter): a limit per client address,
 * a honeypot, and one flow from the body to the answer. Captchas are not used
 * (docs/decisions/022).
 */

/** Five submissions of one form per client in ten minutes: enough for a family on one line. */
export const PUBLIC_FORM_LIMIT: RateLimitRule = { max: 5, window: 10 * 60 };

/**
 * Throws a 429 in Arabic (with Retry-After) when this client sent `form` too often. Without a
 * trustworthy client address (no proxy header) every such visitor shares one count.
 */
export async function limitPublicForm(request: Request, form: string, rule = PUBLIC_FORM_LIMIT) {
  if (!isRateLimitingEnabled()) return;
  const client = clientAddress(request) ?? "unknown";
  const { allowed, retryAfterSeconds } = await consumeRateLimit(`${form}|ip|${client}`, rule);
  if (allowed) return;
  throw new TooManyRequestsError(tooManyAttempts(retryAfterSeconds), retryAfterSeconds);
}

/** Whether a robot filled in the hidden field (people never see it). */
export const isHoneypotFilled = (formData: FormData) => {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
};

export interface PublicFormFlow<Schema extends z.ZodType, Saved = unknown> {
  /** The form's name: its rate-limit count and the `intent` of its answers. */
  form: string;
  schema: Schema;
  /** Keeps what was sent (a model call). */
  save(value: z.output<Schema>): Promise<Saved>;
  /** The Arabic message when keeping it failed, e.g. 'تعذّر إرسال طلبك الآن…'. */
  saveFailed: string;
  /** What was being kept, for the log ("a volunteer registration"). */
  what: string;
  /** Where a sent form goes (the same page, saying thanks). */
  done: string;
  /** Where a sent form goes when it depends on what was kept (an event registration's page). */
  doneWith?: (saved: Saved) => string;
  /** The body's caps, for a form with files (a built form's, docs/decisions/070 and 071). */
  caps?: ReadCaps;
}

/**
 * The action of a public form: limit per client (429) → read the body → a filled honeypot is
 * answered as a person would be and nothing is kept → parse (400 with the errors beside their
 * fields) → save (500 with `saveFailed`, logged) → redirect to `done`.
 */
export async function publicFormAction<Schema extends z.ZodType, Saved = unknown>(
  request: Request,
  { form, schema, save, saveFailed, what, done, doneWith, caps }: PublicFormFlow<Schema, Saved>,
) {
  await limitPublicForm(request, form);
  const formData = await readFormData(request, caps);
  if (isHoneypotFilled(formData)) return redirect(done);
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") {
    return formAnswer({ intent: form, reply: submission.reply() }, { status: 400 });
  }
  let saved: Saved;
  try {
    saved = await save(submission.value as z.output<Schema>);
  } catch (error) {
    // A model's refusal (a full or closed event, say) is shown beside its field or as the form's.
    const refusal = formRefusal(submission, error, { intent: form });
    if (refusal) return refusal;
    logger.error({ err: error }, `failed to store ${what}`);
    const reply = submission.reply({ formErrors: [saveFailed] });
    return formAnswer({ intent: form, reply }, { status: 500 });
  }
  return redirect(doneWith ? doneWith(saved) : done);
}
