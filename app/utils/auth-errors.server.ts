import { APIError } from "better-auth/api";
import { logger } from "./logger.server";

export const UNEXPECTED_ERROR = "حدث خطأ غير متوقع";
export const INVALID_CREDENTIALS = "البريد الإلكتروني أو كلمة المرور غير صحيحة";
export const EMAIL_NOT_VERIFIED = "يرجى تأكيد بريدك الإلكتروني أولاً من الرابط المرسل إليك";
export const TOO_MANY_ATTEMPTS =
  "محاولات كثيرة خلال وقت قصير، يرجى الانتظار دقيقة ثم المحاولة مرة أخرى";
export const EMAIL_TAKEN = "هذا البريد الإلكتروني مسجل مسبقاً";

/** better-auth's error codes in the association's Arabic. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
  EMAIL_NOT_VERIFIED,
  USER_ALREADY_EXISTS: EMAIL_TAKEN,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: EMAIL_TAKEN,
  INVALID_PASSWORD: "كلمة المرور الحالية غير صحيحة",
  INVALID_TOKEN:
    "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.",
  PASSWORD_TOO_SHORT: "كلمة المرور يجب أن تكون 6 أحرف على الأقل",
  PASSWORD_TOO_LONG: "كلمة المرور طويلة جداً",
};

/** An Arabic message for a failed auth call; our own hooks already speak Arabic. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof APIError) {
    if (error.status === "TOO_MANY_REQUESTS" || error.statusCode === 429) return TOO_MANY_ATTEMPTS;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code && MESSAGES[code]) return MESSAGES[code];
    const message = error.body?.message ?? error.message;
    if (message && /[\u0600-\u06FF]/.test(message)) return message;
  }
  logger.error({ err: error }, "unexpected auth failure");
  return UNEXPECTED_ERROR;
}
