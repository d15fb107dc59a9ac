import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "./password-rules";

export const EMAIL_REQUIRED = "البريد الإلكتروني مطلوب";
export const EMAIL_INVALID = "البريد الإلكتروني غير صحيح";
export const PASSWORD_REQUIRED = "كلمة المرور مطلوبة";
export const NAME_REQUIRED = "الاسم مطلوب";
export const NAME_TOO_LONG = "الاسم يجب أن يكون أقل من 100 حرف";

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
