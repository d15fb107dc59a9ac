import { APIError } from "better-auth/api";
import { RESET_LINK_INVALID } from "./auth-schemas";
import { logger } from "./logger.server";
import { PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./password-rules";

export const UNEXPECTED_ERROR = "حدث خطأ غير متوقع";
export const INVALID_CREDENTIALS = "البريد الإلكتروني أو كلمة المرور غير صحيحة";
export const EMAIL_NOT_VERIFIED = "يرجى تأكيد بريدك الإلكتروني أولاً من الرابط المرسل إليك";
export const TOO_MANY_ATTEMPTS =
  "محاولات كثيرة خلال وقت قصير، يرجى الانتظار دقيقة ثم المحاولة مرة أخرى";
export const EMAIL_TAKEN = "هذا البريد الإلكتروني مسجل مسبقاً";
export const WRONG_CURRENT_PASSWORD = "كلمة المرور الحالية غير صحيحة";

/** Toast titles and fallbacks of spec §8. */
export const SIGN_IN_FAILED = "خطأ في تسجيل الدخول";
export const SIGN_UP_FAILED = "خطأ في إنشاء الحساب";
export const PASSWORD_UPDATE_FAILED = "حدث خطأ أثناء تحديث كلمة المرور";
export const RESET_EMAIL_FAILED = "حدث خطأ أثناء إرسال رابط إعادة تعيين كلمة المرور";
export const SESSION_READ_FAILED = "حدث خطأ في استرجاع جلسة المصادقة. يرجى المحاولة مرة أخرى.";
export const SESSION_SETUP_FAILED = "حدث خطأ في إعداد جلسة المصادقة. يرجى المحاولة مرة أخرى.";

/** better-auth's error codes in the association's Arabic. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
  EMAIL_NOT_VERIFIED,
  USER_ALREADY_EXISTS: EMAIL_TAKEN,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: EMAIL_TAKEN,
  INVALID_PASSWORD: WRONG_CURRENT_PASSWORD,
  INVALID_TOKEN: RESET_LINK_INVALID,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG,
};

/**
 * An Arabic message for a failed auth call: a known code, or our own hooks' Arabic message,
 * else `fallback` (spec §8: "server message or <fallback>"). Only the unexpected is logged.
 */
export function authErrorMessage(error: unknown, fallback = UNEXPECTED_ERROR): string {
  if (error instanceof APIError) {
    if (error.status === "TOO_MANY_REQUESTS" || error.statusCode === 429) return TOO_MANY_ATTEMPTS;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code && MESSAGES[code]) return MESSAGES[code];
    const message = error.body?.message ?? error.message;
    if (message && /[\u0600-\u06FF]/.test(message)) return message;
  }
  logger.error({ err: error }, "unexpected auth failure");
  return fallback;
}

/**
 * Setting a new password from a reset link (spec §8): anything about an expired, invalid, used
 * or unknown token asks for a new link; other failures say so.
 */
export function resetPasswordErrorMessage(error: unknown): string {
  if (error instanceof APIError && error.statusCode !== 429) {
    const body = error.body as { code?: string; message?: string } | undefined;
    const text = `${body?.code ?? ""} ${body?.message ?? error.message ?? ""}`;
    if (/expired|invalid|used|not.found/i.test(text)) return RESET_LINK_INVALID;
  }
  return authErrorMessage(error, PASSWORD_UPDATE_FAILED);
}
