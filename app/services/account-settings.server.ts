import { z } from "zod";
import { updateOwnProfile } from "~/models/users.server";
import { getAuth } from "~/services/auth.server";
import { formAnswer } from "~/shared/action-result";
import {
  ACCOUNT_INTENTS,
  type AccountIntent,
  changePasswordSchema,
  personalInfoSchema,
} from "~/shared/auth-schemas";
import { parseForm } from "~/shared/form-validation";
import type { Actor } from "~/shared/roles";
import { authErrorMessage } from "~/utils/auth-errors.server";
import { isRefusedValue, REQUEST_INVALID_VALUES } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";

export const PROFILE_UPDATE_FAILED = "فشل في تحديث المعلومات";
export const PASSWORD_CHANGE_FAILED = "فشل في تغيير كلمة المرور";
const UPDATED = "تم التحديث";

function answer(
  result: Parameters<typeof formAnswer>[0] & { intent: AccountIntent },
  init?: ResponseInit,
) {
  return formAnswer(result, init);
}

async function updateProfile(actor: Actor, formData: FormData) {
  const intent = "update-profile";
  const submission = parseForm(formData, { schema: personalInfoSchema });
  if (submission.status !== "success") {
    return answer({ intent, reply: submission.reply() }, { status: 400 });
  }
  try {
    await updateOwnProfile(actor, submission.value);
  } catch (error) {
    if (isRefusedValue(error)) {
      return answer(
        { intent, reply: submission.reply({ formErrors: [REQUEST_INVALID_VALUES] }) },
        { status: 400 },
      );
    }
    logger.error({ err: error }, "profile update failed");
    return answer(
      {
        intent,
        reply: submission.reply({ formErrors: [PROFILE_UPDATE_FAILED] }),
        toast: { type: "error", title: "خطأ", description: PROFILE_UPDATE_FAILED },
      },
      { status: 500 },
    );
  }
  return answer({
    intent,
    reply: submission.reply(),
    toast: { type: "success", title: UPDATED, description: "تم حفظ معلوماتك الشخصية" },
  });
}

/**
 * Needs the current password even though the session is valid: a stolen session must not be
 * enough to take the account. The other sessions end, this one is renewed.
 */
async function changePassword(request: Request, formData: FormData) {
  const intent = "change-password";
  const submission = parseForm(formData, { schema: changePasswordSchema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    return answer({ intent, reply: submission.reply({ hideFields }) }, { status: 400 });
  }
  const { currentPassword, newPassword } = submission.value;
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return answer(
      {
        intent,
        reply: submission.reply({ resetForm: true }),
        toast: {
          type: "success",
          title: UPDATED,
          description: "تم تغيير كلمة المرور وإنهاء جلساتك على الأجهزة الأخرى",
        },
      },
      { headers },
    );
  } catch (error) {
    const message = authErrorMessage(error, PASSWORD_CHANGE_FAILED);
    return answer(
      {
        intent,
        reply: submission.reply({ formErrors: [message], hideFields }),
        toast: { type: "error", title: "خطأ", description: message },
      },
      { status: 400 },
    );
  }
}

/**
 * The account sections of the settings screen (personal info, password), for any signed-in
 * user. Returns null for other intents, so a screen with more sections can handle the rest.
 */
export async function handleAccountSettings(request: Request, actor: Actor, formData: FormData) {
  const intent = z.enum(ACCOUNT_INTENTS).safeParse(formData.get("intent"));
  if (!intent.success) return null;
  return intent.data === "update-profile"
    ? updateProfile(actor, formData)
    : changePassword(request, formData);
}
