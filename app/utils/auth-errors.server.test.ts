import { APIError } from "better-auth/api";
import { expect, test } from "vitest";
import { RESET_LINK_INVALID } from "~/shared/auth-schemas";
import { expectLog } from "../../tests/support/logs";
import {
  arabicDuration,
  authErrorMessage,
  PASSWORD_UPDATE_FAILED,
  resetPasswordErrorMessage,
  TOO_MANY_ATTEMPTS,
  tooManyAttempts,
} from "./auth-errors.server";

test("better-auth's codes, our hooks' Arabic messages, and a fallback for the rest", () => {
  expectLog("logger.error", /unexpected auth failure/);
  expect(
    authErrorMessage(new APIError("UNAUTHORIZED", { code: "INVALID_EMAIL_OR_PASSWORD" })),
  ).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة");
  expect(authErrorMessage(new APIError("FORBIDDEN", { message: "التسجيل مغلق" }))).toBe(
    "التسجيل مغلق",
  );
  expect(authErrorMessage(new APIError("TOO_MANY_REQUESTS"))).toBe(TOO_MANY_ATTEMPTS);
  expect(authErrorMessage(new Error("boom"))).toBe("حدث خطأ غير متوقع");
  expect(authErrorMessage(new Error("boom"), "بديل")).toBe("بديل");
});

test("a new password from a reset link: token problems ask for a new link", () => {
  expectLog("logger.error", /unexpected auth failure/);
  for (const error of [
    new APIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "Invalid token" }),
    new APIError("BAD_REQUEST", { message: "Token expired" }),
    new APIError("BAD_REQUEST", { message: "token already used" }),
    new APIError("BAD_REQUEST", { code: "USER_NOT_FOUND", message: "User not found" }),
  ]) {
    expect(resetPasswordErrorMessage(error)).toBe(RESET_LINK_INVALID);
  }
  expect(
    resetPasswordErrorMessage(
      new APIError("BAD_REQUEST", { message: "كلمة المرور ضعيفة: استخدم حروفاً وأرقاماً معاً" }),
    ),
  ).toBe("كلمة المرور ضعيفة: استخدم حروفاً وأرقاماً معاً");
  expect(resetPasswordErrorMessage(new Error("disk full"))).toBe(PASSWORD_UPDATE_FAILED);
});

test("waits are said in Arabic with the right number form", () => {
  expect(arabicDuration(1)).toBe("ثانية واحدة");
  expect(arabicDuration(2)).toBe("ثانيتين");
  expect(arabicDuration(7)).toBe("7 ثوانٍ");
  expect(arabicDuration(15)).toBe("15 ثانية");
  expect(arabicDuration(60)).toBe("دقيقة");
  expect(arabicDuration(61)).toBe("دقيقتين");
  expect(arabicDuration(240)).toBe("4 دقائق");
  expect(arabicDuration(900)).toBe("15 دقيقة");
  expect(tooManyAttempts(60)).toBe(TOO_MANY_ATTEMPTS);
  expect(tooManyAttempts(30)).toBe(
    "محاولات كثيرة خلال وقت قصير، يرجى الانتظار 30 ثانية ثم المحاولة مرة أخرى",
  );
  // Our hooks' refusals carry their wait; better-auth's own 429 gets the general message.
  expect(
    authErrorMessage(new APIError("TOO_MANY_REQUESTS", { message: tooManyAttempts(900) })),
  ).toBe(tooManyAttempts(900));
  expect(
    authErrorMessage(new APIError("TOO_MANY_REQUESTS", { message: "Too many requests" })),
  ).toBe(TOO_MANY_ATTEMPTS);
});
