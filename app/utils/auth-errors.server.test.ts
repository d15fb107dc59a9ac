import { APIError } from "better-auth/api";
import { expect, test } from "vitest";
import {
  authErrorMessage,
  PASSWORD_UPDATE_FAILED,
  resetPasswordErrorMessage,
  TOO_MANY_ATTEMPTS,
} from "./auth-errors.server";
import { RESET_LINK_INVALID } from "./auth-schemas";

test("better-auth's codes, our hooks' Arabic messages, and a fallback for the rest", () => {
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
