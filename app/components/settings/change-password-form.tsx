import { PasswordField } from "~/components/ui/person-fields";
import { type AccountIntent, changePasswordSchema } from "~/shared/auth-schemas";
import { IntentForm, useIntentForm } from "./intent-form";

const INTENT: AccountIntent = "change-password";

/** Change password (spec §2.9); the form empties itself after a successful change. */
export function ChangePasswordForm() {
  const { form, fields } = useIntentForm(INTENT, changePasswordSchema);
  return (
    <IntentForm
      form={form}
      submit={{ intent: INTENT, pendingLabel: "جارٍ التغيير…", children: "تغيير كلمة المرور" }}
    >
      <PasswordField label="كلمة المرور الحالية" meta={fields.currentPassword} />
      <PasswordField
        isNew
        label="كلمة المرور الجديدة"
        meta={fields.newPassword}
        hint="6 أحرف على الأقل، وتجمع بين الحروف والأرقام"
      />
      <PasswordField isNew label="تأكيد كلمة المرور الجديدة" meta={fields.confirmPassword} />
    </IntentForm>
  );
}
