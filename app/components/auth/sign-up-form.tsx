import { FormNotice } from "~/components/settings/form-notice";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { EmailField, NameField, PasswordField } from "~/components/ui/person-fields";
import { signUpSchema } from "~/shared/auth-schemas";
import { PASSWORD_HINT } from "~/shared/password-rules";
import { authSubmit } from "./auth-card";

export function SignUpForm() {
  const { result, form, fields } = useIntentForm("sign-up", signUpSchema);
  return (
    <IntentForm form={form} submit={authSubmit("sign-up", "جارٍ الإنشاء…", "إنشاء حساب")}>
      {result?.notice && <FormNotice tone={result.notice.tone}>{result.notice.message}</FormNotice>}
      <NameField label="الاسم الكامل" meta={fields.fullName} />
      <EmailField label="البريد الإلكتروني" meta={fields.email} />
      <PasswordField isNew label="كلمة المرور" meta={fields.password} hint={PASSWORD_HINT} />
    </IntentForm>
  );
}
