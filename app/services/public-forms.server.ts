import {
  consumeRateLimit,
  isRateLimitingEnabled,
  type RateLimitRule,
} from "~/models/rate-limits.server";
import { HONEYPOT_FIELD } from "~/shared/honeypot";
import { tooManyAttempts } from "../utils/auth-errors.server";
import { clientAddress } from "./auth.server";

/**
 * Guards of the forms open to everyone (volunteering, surveys, newsletter): a limit per client
 * address and a honeypot. Captchas are not used (docs/decisions/022).
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
  throw new Response(tooManyAttempts(retryAfterSeconds), {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(retryAfterSeconds),
    },
  });
}

/** Whether a robot filled in the hidden field (people never see it). */
export const isHoneypotFilled = (formData: FormData) => {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
};
