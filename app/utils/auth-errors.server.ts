import { APIError } from "better-auth/api";
import { RESET_LINK_INVALID, TWO_FACTOR_CODE_WRONG } from "~/shared/auth-schemas";
import { PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "~/shared/password-rules";
import { logger } from "./logger.server";

export const UNEXPECTED_ERROR = "حدث خطأ غير متوقع";
export const INVALID_CREDENTIALS = "البريد الإلكتروني أو كلمة المرور غير صحيحة";
export const EMAIL_NOT_VERIFIED = "يرجى تأكيد بريدك الإلكتروني أولاً من الرابط المرسل إليك";

/** A wait in Arabic with the right number form: "دقيقة", "دقيقتين", "5 دقائق", "15 دقيقة"… */
export function arabicDuration(seconds: number): string {
  const count = (n: number, one: string, two: string, few: string, many: string) =>
    n === 1 ? one : n === 2 ? two : n <= 10 ? `${n} ${few}` : `${n} ${many}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return count(whole, "ثانية واحدة", "ثانيتين", "ثوانٍ", "ثانية");
  return count(Math.ceil(whole / 60), "دقيقة", "دقيقتين", "دقائق", "دقيقة");
}

/** Refused for now: how long to wait before the next attempt. */
export function tooManyAttempts(retryAfterSeconds: number): string {
  return `محاولات كثيرة خلال وقت قصير، يرجى الانتظار ${arabicDuration(retryAfterSeconds)} ثم المحاولة مرة أخرى`;
}

export const TOO_MANY_ATTEMPTS = tooManyAttempts(60);
export const EMAIL_TAKEN = "هذا البريد الإلكتروني مسجل مسبقاً";
export const WRONG_CURRENT_PASSWORD = "كلمة المرور الحالية غير صحيحة";
export const TWO_FACTOR_EXPIRED = "انتهت مهلة التحقق، سجّل الدخول من جديد";
export const TWO_FACTOR_TOO_MANY = "محاولات خاطئة كثيرة لهذا الدخول، سجّل الدخول من جديد";
export const TWO_FACTOR_LOCKED =
  "أُوقف الدخول إلى هذا الحساب مؤقتاً بعد رموز خاطئة كثيرة، حاول مرة أخرى بعد 15 دقيقة";

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
  // Two-factor sign-in (better-auth's two-factor plugin).
  INVALID_CODE: TWO_FACTOR_CODE_WRONG,
  INVALID_BACKUP_CODE: TWO_FACTOR_CODE_WRONG,
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_EXPIRED,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TWO_FACTOR_TOO_MANY,
  ACCOUNT_TEMPORARILY_LOCKED: TWO_FACTOR_LOCKED,
  TOTP_ALREADY_ENABLED: "التحقق بخطوتين مفعّل مسبقاً",
  TWO_FACTOR_NOT_ENABLED: "التحقق بخطوتين غير مفعّل لهذا الحساب",
  TOTP_NOT_ENABLED: "التحقق بخطوتين غير مفعّل لهذا الحساب",
};

/**
 * An Arabic message for a failed auth call: a known code, or our own hooks' Arabic message,
 * else `fallback` (spec §8: "server message or <fallback>"). Only the unexpected is logged.
 */
export function authErrorMessage(error: unknown, fallback = UNEXPECTED_ERROR): string {
  if (error instanceof APIError) {
    const message = error.body?.message ?? error.message;
    const arabic = message && /[\u0600-\u06FF]/.test(message) ? message : null;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code && MESSAGES[code]) return MESSAGES[code];
    if (error.status === "TOO_MANY_REQUESTS" || error.statusCode === 429) {
      return arabic ?? TOO_MANY_ATTEMPTS;
    }
    if (arabic) return arabic;
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
