import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import {
  changePasswordSchema,
  resetPasswordSchema,
  signUpSchema,
  strongPasswordField,
  TWO_FACTOR_CODE_REQUIRED,
  twoFactorConfirmSchema,
  twoFactorSignInSchema,
} from "./auth-schemas";

function errors(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  fields: Record<string, string>,
) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? {} : submission.error;
}

test("a chosen password gets one message at a time, the spec's minimum first", () => {
  expect(
    strongPasswordField()
      .safeParse("")
      .error?.issues.map((i) => i.message),
  ).toEqual(["كلمة المرور مطلوبة"]);
  expect(
    strongPasswordField()
      .safeParse("a1")
      .error?.issues.map((i) => i.message),
  ).toEqual(["كلمة المرور يجب أن تكون 6 أحرف على الأقل"]);
  expect(
    strongPasswordField()
      .safeParse("123456")
      .error?.issues.map((i) => i.message),
  ).toEqual(["كلمة المرور شائعة وسهلة التخمين، اختر كلمة مرور أخرى"]);
  expect(
    strongPasswordField()
      .safeParse("abcdefg")
      .error?.issues.map((i) => i.message),
  ).toEqual(["كلمة المرور ضعيفة: استخدم حروفاً وأرقاماً معاً"]);
  expect(strongPasswordField().safeParse("كلمة-سر-2026").success).toBe(true);
});

test("sign-up trims the name and checks its length", () => {
  expect(errors(signUpSchema, { fullName: "   ", email: "a@b.test", password: "Abc-123" })).toEqual(
    {
      fullName: ["الاسم مطلوب"],
    },
  );
});

test("new password after a reset: required together, then matching, then length", () => {
  expect(errors(resetPasswordSchema, { token: "t" })).toEqual({ "": ["جميع الحقول مطلوبة"] });
  expect(
    errors(resetPasswordSchema, { token: "t", password: "a1", confirmPassword: "b1" }),
  ).toEqual({
    confirmPassword: ["كلمة المرور وتأكيدها غير متطابقان"],
  });
  expect(
    errors(resetPasswordSchema, { token: "t", password: "a1", confirmPassword: "a1" }),
  ).toEqual({
    password: ["كلمة المرور يجب أن تكون 6 أحرف على الأقل"],
  });
  expect(errors(resetPasswordSchema, { password: "Abc-123", confirmPassword: "Abc-123" })).toEqual({
    "": ["رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة."],
  });
});

test("changing the password: the mismatch is checked once the fields are filled", () => {
  expect(
    errors(changePasswordSchema, {
      currentPassword: "old",
      newPassword: "Abc-1234",
      confirmPassword: "Abc-1235",
    }),
  ).toEqual({ confirmPassword: ["كلمة المرور الجديدة وتأكيدها غير متطابقتين"] });
});

test("a two-factor code of spaces only is missing, said in Arabic (the fuzzer's counterexample)", () => {
  for (const schema of [twoFactorConfirmSchema, twoFactorSignInSchema]) {
    for (const code of [" ", "   ", "\t"]) {
      expect(errors(schema, { code })).toEqual({ code: [TWO_FACTOR_CODE_REQUIRED] });
    }
  }
});
