import { redirect } from "react-router";
import { z } from "zod";
import { isRegistrationAllowed } from "~/models/site-settings.server";
import {
  endOtherSessions,
  findUserById,
  isSetupComplete,
  markEmailVerified,
} from "~/models/users.server";
import {
  forgetFailedSignIns,
  getAuth,
  hasTwoFactorChallenge,
  requestPasswordResetEmail,
} from "~/services/auth.server";
import { getActor } from "~/services/permissions.server";
import { isTwoFactorRequired } from "~/services/two-factor.server";
import { formAnswer } from "~/shared/action-result";
import {
  AUTH_INTENTS,
  type AuthIntent,
  forgotPasswordSchema,
  isAppCode,
  RESET_LINK_INVALID,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  TWO_FACTOR_SETUP_PATH,
  twoFactorSignInSchema,
} from "~/shared/auth-schemas";
import { InvalidInputError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import { homeFor } from "~/shared/paths";
import type { ResetLink } from "~/shared/reset-link";
import { normaliseRole } from "~/shared/roles";
import { safeRedirect } from "~/shared/safe-redirect";
import {
  authErrorMessage,
  RESET_EMAIL_FAILED,
  resetPasswordErrorMessage,
  SESSION_READ_FAILED,
  SESSION_SETUP_FAILED,
  SIGN_IN_FAILED,
  SIGN_UP_FAILED,
} from "~/utils/auth-errors.server";
import { readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Spec §4/§9: pauses before leaving the set-new-password screen. */
export const RESET_REDIRECT_MS = { success: 1500, noSession: 2000, invalidLink: 3000 } as const;

export const CHECK_EMAIL_TO_ACTIVATE =
  "أرسلنا إلى بريدك الإلكتروني رابطاً لتفعيل حسابك، يرجى فتحه ثم تسجيل الدخول.";
export const RESET_LINK_SENT =
  "إن كان هذا البريد مسجلاً لدينا فستصلك خلال دقائق رسالة فيها رابط لتعيين كلمة مرور جديدة، والرابط صالح لمدة ساعة.";

/**
 * Where a new sign-in lands: `redirectTo` when it is on the site, else home; an administrator
 * who must set up two-factor sign-in (ADMIN_TWO_FACTOR=required) goes there first.
 */
function landingAfterSignIn(
  user: { id: string; role?: unknown; twoFactorEnabled?: unknown },
  redirectTo: string | undefined,
) {
  const role = normaliseRole(user.role);
  if (isTwoFactorRequired({ role }) && user.twoFactorEnabled !== true) return TWO_FACTOR_SETUP_PATH;
  return safeRedirect(redirectTo, homeFor(role));
}

/** The second step of a two-factor sign-in, keeping where to go afterwards. */
const TWO_FACTOR_STEP = "/auth?step=two-factor";
function twoFactorStep(redirectTo: string | undefined) {
  const target = safeRedirect(redirectTo, "");
  return target ? `${TWO_FACTOR_STEP}&redirectTo=${encodeURIComponent(target)}` : TWO_FACTOR_STEP;
}

const SIGNED_IN_TOAST = {
  type: "success",
  title: "تم تسجيل الدخول",
  description: "تم إنشاء جلسة جديدة بنجاح",
} as const;

const INVALID_LINK_REDIRECT = { to: "/auth", afterMs: RESET_REDIRECT_MS.invalidLink };
/**
 * The account a password-reset link belongs to, while the link is unused and unexpired, or null.
 * Reads through better-auth, which owns the token's storage format.
 */
async function findUserByResetToken(token: string) {
  const ctx = await getAuth().$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  return findUserById(verification.value);
}

const INVALID_LINK: ResetLink = {
  status: "invalid",
  message: RESET_LINK_INVALID,
  redirect: INVALID_LINK_REDIRECT,
};

/** Checks a reset link's token on the server, before the form is shown. */
async function readResetLink(token: string | null): Promise<ResetLink> {
  if (!token) return INVALID_LINK;
  try {
    return (await findUserByResetToken(token)) ? { status: "valid", token } : INVALID_LINK;
  } catch (error) {
    logger.error({ err: error }, "could not read a password-reset link");
    return { status: "unavailable", message: SESSION_READ_FAILED };
  }
}

/**
 * The sign-in screen's data. First run goes to /setup; a signed-in user goes home, except on a
 * reset link (spec §2.3), which is checked here so the page opens on the right state.
 */
export async function loadAuthScreen(request: Request) {
  if (!(await isSetupComplete())) throw redirect("/setup");
  const url = new URL(request.url);
  const registrationAllowed = await isRegistrationAllowed();
  if (url.searchParams.get("reset") === "true") {
    return { registrationAllowed, resetLink: await readResetLink(url.searchParams.get("token")) };
  }
  const actor = await getActor(request);
  if (actor) throw redirect(homeFor(actor.role));
  if (url.searchParams.get("step") === "two-factor") {
    // Only between a right password and the code; otherwise back to the start.
    if (!(await hasTwoFactorChallenge(request.headers))) throw redirect("/auth");
    return { registrationAllowed, resetLink: null, twoFactorStep: true };
  }
  return { registrationAllowed, resetLink: null };
}

function answer(
  result: Parameters<typeof formAnswer>[0] & { intent: AuthIntent },
  init?: ResponseInit,
) {
  return formAnswer(result, init);
}

const HIDE_PASSWORDS = ["password", "confirmPassword"];

async function signIn(request: Request, formData: FormData) {
  const intent = "sign-in";
  const submission = parseForm(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return answer(
      { intent, reply: submission.reply({ hideFields: HIDE_PASSWORDS }) },
      { status: 400 },
    );
  }
  const { email, password, redirectTo } = submission.value;
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    // Two-factor accounts: the password was right; the session waits for the code.
    if ((response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
      return redirect(twoFactorStep(redirectTo), { headers });
    }
    return await completeSignIn(response, redirectTo, headers);
  } catch (error) {
    const message = authErrorMessage(error);
    return answer(
      {
        intent,
        reply: submission.reply({ formErrors: [message], hideFields: HIDE_PASSWORDS }),
        toast: { type: "error", title: SIGN_IN_FAILED, description: message },
      },
      { status: 400 },
    );
  }
}

/** A session exists: end the account's other sessions (spec §7) and go where the user belongs. */
async function completeSignIn(
  session: { token?: string; user: { id: string; role?: unknown; twoFactorEnabled?: unknown } },
  redirectTo: string | undefined,
  headers: Headers,
) {
  const { token, user } = session;
  // If ending the other sessions fails, the sign-in still stands.
  if (token) {
    await endOtherSessions({ userId: user.id, token }).catch((error) =>
      logger.warn({ err: error }, "could not end the other sessions after sign-in"),
    );
  }
  return redirectWithToast(landingAfterSignIn(session.user, redirectTo), SIGNED_IN_TOAST, {
    headers,
  });
}

/**
 * The second step of a two-factor sign-in: six digits from the app, or a recovery code (each
 * works once). better-auth keeps the challenge (10 minutes, 5 codes) and the account lockout.
 */
async function verifySecondStep(request: Request, formData: FormData) {
  const intent = "two-factor";
  const submission = parseForm(formData, { schema: twoFactorSignInSchema });
  if (submission.status !== "success") {
    return answer({ intent, reply: submission.reply() }, { status: 400 });
  }
  const { code, redirectTo } = submission.value;
  const api = getAuth().api;
  try {
    const input = { body: { code }, headers: request.headers, returnHeaders: true } as const;
    const { headers, response } = isAppCode(code)
      ? await api.verifyTOTP(input)
      : await api.verifyBackupCode(input);
    return await completeSignIn(response, redirectTo, headers);
  } catch (error) {
    const message = authErrorMessage(error);
    return answer(
      {
        intent,
        reply: submission.reply({ formErrors: [message], hideFields: ["code"] }),
        toast: { type: "error", title: SIGN_IN_FAILED, description: message },
      },
      { status: 400 },
    );
  }
}

/** New accounts are viewers (better-auth's default role) and must confirm their e-mail. */
async function signUp(request: Request, formData: FormData) {
  const intent = "sign-up";
  const submission = parseForm(formData, { schema: signUpSchema });
  if (submission.status !== "success") {
    return answer(
      { intent, reply: submission.reply({ hideFields: HIDE_PASSWORDS }) },
      { status: 400 },
    );
  }
  const { fullName, email, password } = submission.value;
  try {
    // Registration control and password strength are enforced in better-auth's hook.
    await getAuth().api.signUpEmail({
      body: { name: fullName, email, password, callbackURL: "/" },
      headers: request.headers,
    });
  } catch (error) {
    const message = authErrorMessage(error);
    return answer(
      {
        intent,
        reply: submission.reply({ formErrors: [message], hideFields: HIDE_PASSWORDS }),
        toast: { type: "error", title: SIGN_UP_FAILED, description: message },
      },
      { status: 400 },
    );
  }
  return answer({
    intent,
    reply: submission.reply({ resetForm: true }),
    notice: { tone: "success", message: CHECK_EMAIL_TO_ACTIVATE },
    toast: { type: "success", title: "تم إنشاء الحساب", description: CHECK_EMAIL_TO_ACTIVATE },
  });
}

/** The same answer whether or not the address has an account. */
async function requestReset(request: Request, formData: FormData) {
  const intent = "forgot-password";
  const submission = parseForm(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return answer({ intent, reply: submission.reply() }, { status: 400 });
  }
  try {
    await requestPasswordResetEmail(submission.value.email, request.headers);
  } catch (error) {
    const message = authErrorMessage(error, RESET_EMAIL_FAILED);
    return answer(
      {
        intent,
        reply: submission.reply({ formErrors: [message] }),
        toast: { type: "error", title: "خطأ", description: message },
      },
      { status: 400 },
    );
  }
  return answer({
    intent,
    reply: submission.reply({ resetForm: true }),
    notice: { tone: "success", message: RESET_LINK_SENT },
    toast: { type: "success", title: "تم الإرسال", description: RESET_LINK_SENT },
  });
}

/**
 * Sets the new password, then signs the person in with it (spec §4: the reset link sets the
 * session). Each outcome leaves the screen after the spec's pause.
 */
async function resetPassword(request: Request, formData: FormData) {
  const intent = "reset-password";
  const submission = parseForm(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return answer(
      { intent, reply: submission.reply({ hideFields: HIDE_PASSWORDS }) },
      { status: 400 },
    );
  }
  const { token, password } = submission.value;
  const fail = (message: string, redirectTo?: { to: string; afterMs: number }) =>
    answer(
      {
        intent,
        reply: submission.reply({ formErrors: [message], hideFields: HIDE_PASSWORDS }),
        toast: { type: "error", title: "خطأ", description: message },
        notice: redirectTo ? { tone: "error", message } : undefined,
        redirect: redirectTo,
      },
      { status: 400 },
    );

  let user: Awaited<ReturnType<typeof findUserByResetToken>>;
  try {
    user = await findUserByResetToken(token);
  } catch (error) {
    logger.error({ err: error }, "could not read a password-reset link");
    return fail(SESSION_READ_FAILED);
  }
  if (!user) return fail(RESET_LINK_INVALID, INVALID_LINK_REDIRECT);
  try {
    await getAuth().api.resetPassword({ body: { newPassword: password, token } });
  } catch (error) {
    const message = resetPasswordErrorMessage(error);
    return fail(message, message === RESET_LINK_INVALID ? INVALID_LINK_REDIRECT : undefined);
  }
  await markEmailVerified(user.id).catch((error) =>
    logger.warn({ err: error }, "could not mark the e-mail verified after a reset"),
  );
  // The link proved the address: this client's failed sign-ins no longer count.
  await forgetFailedSignIns(user.email, request.headers).catch((error) =>
    logger.warn({ err: error }, "could not clear the sign-in waits after a reset"),
  );

  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: user.email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    // A two-factor account still needs the code from the app.
    const needsCode = Boolean((response as { twoFactorRedirect?: boolean }).twoFactorRedirect);
    return answer(
      {
        intent,
        reply: submission.reply({ resetForm: true }),
        notice: {
          tone: "success",
          message: needsCode
            ? "تم تحديث كلمة المرور بنجاح، أدخل رمز التحقق للمتابعة…"
            : "تم تحديث كلمة المرور بنجاح، جارٍ تحويلك…",
        },
        toast: { type: "success", title: "تم التحديث", description: "تم تحديث كلمة المرور بنجاح" },
        redirect: {
          to: needsCode ? TWO_FACTOR_STEP : landingAfterSignIn(user, undefined),
          afterMs: RESET_REDIRECT_MS.success,
        },
      },
      { headers },
    );
  } catch (error) {
    logger.warn({ err: error }, "password reset, but the new session could not be set");
    return answer({
      intent,
      reply: submission.reply({ resetForm: true }),
      notice: { tone: "error", message: SESSION_SETUP_FAILED },
      toast: { type: "error", title: "خطأ", description: SESSION_SETUP_FAILED },
      redirect: { to: "/auth", afterMs: RESET_REDIRECT_MS.noSession },
    });
  }
}

type Handler = (request: Request, formData: FormData) => ReturnType<typeof signIn>;

const HANDLERS: Record<AuthIntent, Handler> = {
  "sign-in": signIn,
  "sign-up": signUp,
  "forgot-password": requestReset,
  "reset-password": resetPassword,
  "two-factor": verifySecondStep,
};

export async function authScreenAction(request: Request) {
  if (!(await isSetupComplete())) throw redirect("/setup");
  const formData = await readFormData(request);
  const intent = z.enum(AUTH_INTENTS).safeParse(formData.get("intent"));
  if (!intent.success) throw new InvalidInputError("طلب غير صالح");
  return HANDLERS[intent.data](request, formData);
}
