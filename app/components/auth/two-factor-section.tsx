import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { SettingsSection } from "~/components/settings/settings-section";
import { buttonClass } from "~/components/ui/button";
import { TWO_FACTOR_SETUP_PATH } from "~/shared/auth-schemas";

/**
 * The settings screen's two-factor section for staff: what it is and a way to the page that
 * turns it on and off (app/routes/auth/two-factor.tsx). `enabled`, when the screen knows it
 * (`getTwoFactorState(actor).status === "on"`), shows the current state.
 */
/** Its place in the settings screen's list of sections. */
export const TWO_FACTOR_SECTION = { id: "account-two-factor", title: "التحقق بخطوتين" };

export function TwoFactorSection({ enabled }: { enabled?: boolean }) {
  return (
    <SettingsSection
      id={TWO_FACTOR_SECTION.id}
      title={TWO_FACTOR_SECTION.title}
      description="رمز من تطبيق على هاتفك يُطلب مع كلمة المرور عند كل تسجيل دخول، فلا تكفي كلمة المرور وحدها لدخول حسابك."
      icon={ShieldCheck}
    >
      <div className="space-y-4">
        {enabled !== undefined && (
          <p className="font-medium">{enabled ? "مفعّل لحسابك." : "غير مفعّل لحسابك."}</p>
        )}
        <Link
          to={TWO_FACTOR_SETUP_PATH}
          className={buttonClass(enabled === false ? "default" : "outline")}
        >
          {enabled === false ? "إعداد التحقق بخطوتين" : "إدارة التحقق بخطوتين"}
        </Link>
      </div>
    </SettingsSection>
  );
}
