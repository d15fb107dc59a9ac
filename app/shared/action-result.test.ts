import { describe, expect, test } from "vitest";
import { FORM_REFUSED, formResult } from "./action-result";

describe("a form's answer from its Conform reply", () => {
  test("refused: says the form's own error before its fields'", () => {
    const answer = formResult({
      intent: "sign-in",
      reply: { status: "error", error: { email: ["البريد مطلوب"], "": ["فشل في الحفظ"] } },
    });
    expect(answer).toMatchObject({ ok: false, message: "فشل في الحفظ", intent: "sign-in" });
  });

  test("refused on a field only: says that field's error", () => {
    const answer = formResult({ reply: { status: "error", error: { slug: ["الرابط مستخدم"] } } });
    expect(answer).toMatchObject({ ok: false, message: "الرابط مستخدم" });
  });

  test("refused without a message of its own: asks to check the fields", () => {
    expect(formResult({ reply: { status: "error", error: {} } })).toMatchObject({
      ok: false,
      message: FORM_REFUSED,
    });
  });

  test("accepted: ok, with the reply and toast kept for the page", () => {
    const toast = { type: "success" as const, title: "تم التحديث" };
    const answer = formResult({ reply: { status: "success" }, toast });
    expect(answer).toEqual({ ok: true, reply: { status: "success" }, toast });
  });
});
