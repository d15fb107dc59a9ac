import { KeyRound, UserRound } from "lucide-react";
import type { Role } from "~/shared/roles";
import { ChangePasswordForm } from "./change-password-form";
import { PersonalInfoForm } from "./personal-info-form";
import { SettingsSection } from "./settings-section";

/**
 * The anchors and titles of the sections below, for a screen's list of contents. The anchors
 * must differ from the forms' ids ("personal-info", "change-password"): inputs find their form
 * by id.
 */
export const ACCOUNT_SECTIONS = {
  personal: { id: "account-personal", title: "المعلومات الشخصية" },
  password: { id: "account-password", title: "تغيير كلمة المرور" },
} as const;

/**
 * The settings sections every signed-in user has. Their action is `handleAccountSettings`
 * (app/services/account-settings.server.ts); a screen that adds sections calls it first.
 */
export function AccountSettingsSections({
  user,
}: {
  user: { fullName: string; email: string; role: Role };
}) {
  return (
    <>
      <SettingsSection
        {...ACCOUNT_SECTIONS.personal}
        description="الاسم الذي يظهر لفريق الجمعية، وبيانات حسابك."
        icon={UserRound}
      >
        <PersonalInfoForm user={user} />
      </SettingsSection>
      <SettingsSection
        {...ACCOUNT_SECTIONS.password}
        description="لحماية حسابك نطلب كلمة المرور الحالية، وتُغلق جلساتك على الأجهزة الأخرى بعد التغيير."
        icon={KeyRound}
      >
        <ChangePasswordForm />
      </SettingsSection>
    </>
  );
}
