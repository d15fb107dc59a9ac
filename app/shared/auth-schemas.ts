import { z } from "zod";
import { EVEN_IF_A_FIELD_FAILED } from "./form-validation";
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG, passwordProblem } from "./password-rules";

export const EMAIL_REQUIRED = "البريد الإلكتروني مطلوب";
export const EMAIL_INVALID = "البريد الإلكتروني غير صحيح";
export const EMAIL_TOO_LONG = "البريد الإلكتروني طويل جداً";
export const PASSWORD_REQUIRED = "كلمة المرور مطلوبة";
export const NAME_REQUIRED = "الاسم مطلوب";
export const NAME_TOO_LONG = "الاسم يجب أن يكون أقل من 100 حرف";
export const NAME_INVALID_CHARACTERS = "الاسم يحتوي على رموز غير مسموح بها";

/** The first-run setup's one-time code (docs/decisions/018). */
export const SETUP_CODE_REQUIRED = "رمز الإعداد مطلوب";
export const SETUP_CODE_WRONG = "رمز الإعداد غير صحيح";

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

/** RFC 5321's longest address. */
const EMAIL_MAX_LENGTH = 254;

export const emailField = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG)
  .pipe(z.email({ error: EMAIL_INVALID }));

export const fullNameField = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(100, NAME_TOO_LONG)
  // Line breaks, control and invisible direction characters have no place in a name.
  .refine((name) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name), NAME_INVALID_CHARACTERS);

/** A password typed to sign in: required, and no longer than any password we accept. */
const currentPasswordField = (required: string) =>
  z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** Where to go after signing in; anything odd is dropped (safeRedirect checks it again). */
const redirectToField = z.string().max(2048).optional().catch(undefined);

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

/** Which form of the sign-in screen was submitted ("two-factor": the code after the password). */
export const AUTH_INTENTS = [
  "sign-in",
  "sign-up",
  "forgot-password",
  "reset-password",
  "two-factor",
] as const;
export type AuthIntent = (typeof AUTH_INTENTS)[number];

export const signInSchema = z.object({
  email: emailField,
  password: currentPasswordField(PASSWORD_REQUIRED),
  redirectTo: redirectToField,
});

/** The first-run setup form: the one-time code and the first administrator's account. */
export const setupSchema = z.object({
  code: z
    .string({ error: SETUP_CODE_REQUIRED })
    .trim()
    .min(1, SETUP_CODE_REQUIRED)
    .max(200, SETUP_CODE_WRONG),
  fullName: fullNameField,
  email: emailField,
  password: strongPasswordField(),
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
    token: z.string({ error: RESET_LINK_INVALID }).max(512, RESET_LINK_INVALID).optional(),
    password: z.string({ error: ALL_FIELDS_REQUIRED }).optional(),
    confirmPassword: z
      .string({ error: ALL_FIELDS_REQUIRED })
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
      .optional(),
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
    currentPassword: currentPasswordField(CURRENT_PASSWORD_REQUIRED),
    newPassword: strongPasswordField(NEW_PASSWORD_REQUIRED),
    confirmPassword: z
      .string({ error: CONFIRM_PASSWORD_REQUIRED })
      .min(1, CONFIRM_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  })
  .refine(
    // Told with the other fields' errors; a confirmation not yet typed is told as missing.
    (value) =>
      typeof value.confirmPassword !== "string" || value.newPassword === value.confirmPassword,
    { path: ["confirmPassword"], message: NEW_PASSWORDS_DIFFER, ...EVEN_IF_A_FIELD_FAILED },
  );

// ——— two-factor sign-in (docs/decisions/019) ———

/** The page where staff turn two-factor sign-in on and off (outside the staff area's gate). */
export const TWO_FACTOR_SETUP_PATH = "/account/two-factor";

export const TWO_FACTOR_CODE_REQUIRED = "رمز التحقق مطلوب";
export const TWO_FACTOR_CODE_FORMAT = "أدخل الرمز المكوّن من 6 أرقام كما يظهر في التطبيق";
export const TWO_FACTOR_CODE_WRONG = "الرمز غير صحيح";

/** Which form of the two-factor page was submitted. */
export const TWO_FACTOR_INTENTS = [
  "two-factor-start",
  "two-factor-confirm",
  "two-factor-disable",
  "two-factor-new-codes",
] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

/**
 * A code after its spaces go. Conform's parser turns every empty string its schema meets into
 * undefined, the piped ones too: each string here says what is missing in Arabic.
 */
const codeString = () => z.string({ error: TWO_FACTOR_CODE_REQUIRED });

/** Spaces typed or pasted inside a code ("123 456") do not count. */
const codeField = (longest: number) =>
  codeString()
    .max(longest, TWO_FACTOR_CODE_WRONG)
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(codeString().min(1, TWO_FACTOR_CODE_REQUIRED));

/** Starting, turning off, or renewing recovery codes: the password proves it is the owner. */
export const twoFactorPasswordSchema = z.object({
  password: currentPasswordField(PASSWORD_REQUIRED),
});

/** The first code from the app confirms the set-up. */
export const twoFactorConfirmSchema = z.object({
  code: codeField(20).pipe(codeString().regex(/^\d{6}$/, TWO_FACTOR_CODE_FORMAT)),
});

/** Second step of sign-in: six digits from the app, or one recovery code (`abcde-12345`). */
export const twoFactorSignInSchema = z.object({
  code: codeField(64),
  redirectTo: redirectToField,
});

/** Six digits are an app code; anything else is tried as a recovery code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);
