import { z } from "zod";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from "./password-rules";

export const EMAIL_REQUIRED = "البريد الإلكتروني مطلوب";
export const EMAIL_INVALID = "البريد الإلكتروني غير صحيح";
export const PASSWORD_REQUIRED = "كلمة المرور مطلوبة";
export const NAME_REQUIRED = "الاسم مطلوب";
export const NAME_TOO_LONG = "الاسم يجب أن يكون أقل من 100 حرف";

/** Set-new-password form after a reset link (spec §5). */
export const ALL_FIELDS_REQUIRED = "جميع الحقول مطلوبة";
export const PASSWORDS_DIFFER = "كلمة المرور وتأكيدها غير متطابقان";
export const RESET_LINK_INVALID =
  "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.";

/** Change-password section of the settings screen (spec §5 Settings). */
export const CURRENT_PASSWORD_REQUIRED = "كلمة المرور الحالية مطلوبة";
export const NEW_PASSWORD_REQUIRED = "كلمة المرور الجديدة مطلوبة";
export const CONFIRM_PASSWORD_REQUIRED = "تأكيد كلمة المرور مطلوب";
export const NEW_PASSWORDS_DIFFER = "كلمة المرور الجديدة وتأكيدها غير متطابقتين";

export const emailField = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .pipe(z.email({ error: EMAIL_INVALID }));

export const fullNameField = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(100, NAME_TOO_LONG);

export const newPasswordField = z
  .string({ error: PASSWORD_REQUIRED })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH);

/**
 * A password someone chooses: required (with `required` as the message), then the rules of
 * password-rules.ts, so the browser shows before submitting what the server would refuse.
 */
export function strongPasswordField(required = PASSWORD_REQUIRED) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** Which form of the sign-in screen was submitted. */
export const AUTH_INTENTS = ["sign-in", "sign-up", "forgot-password", "reset-password"] as const;
export type AuthIntent = (typeof AUTH_INTENTS)[number];

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
  redirectTo: z.string().optional(),
});

/** The first-run setup form: the first administrator's account. */
export const setupSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: newPasswordField,
});

export const signUpSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: strongPasswordField(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

/**
 * Checked in the spec's order: both fields, then they match, then length (and our strength
 * rules). "All fields required" belongs to the form, not to one field.
 */
export const resetPasswordSchema = z
  .object({
    token: z.string().optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine(({ token, password, confirmPassword }, ctx) => {
    if (!token) {
      ctx.addIssue({ code: "custom", message: RESET_LINK_INVALID });
    } else if (!password || !confirmPassword) {
      ctx.addIssue({ code: "custom", message: ALL_FIELDS_REQUIRED });
    } else if (password !== confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DIFFER });
    } else {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    }
  })
  .transform(({ token, password }) => ({ token: token ?? "", password: password ?? "" }));

/** Which section of the settings screen was submitted. */
export const ACCOUNT_INTENTS = ["update-profile", "change-password"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const personalInfoSchema = z.object({ fullName: fullNameField });

/**
 * The spec's visible form asks for the new password twice; we also ask for the current one,
 * so that someone holding a stolen session cannot take over the account.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: strongPasswordField(NEW_PASSWORD_REQUIRED),
    confirmPassword: z
      .string({ error: CONFIRM_PASSWORD_REQUIRED })
      .min(1, CONFIRM_PASSWORD_REQUIRED),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: NEW_PASSWORDS_DIFFER,
  });
