import { FormNotice } from "~/components/settings/form-notice";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { EmailField } from "~/components/ui/person-fields";
import { forgotPasswordSchema } from "~/shared/auth-schemas";
import { authSubmit } from "./auth-card";

export function ForgotPasswordForm() {
  const { result, form, fields } = useIntentForm("forgot-password", forgotPasswordSchema);
  return (
    <IntentForm
      form={form}
      submit={authSubmit("forgot-password", "جارٍ الإرسال…", "إرسال رابط إعادة التعيين")}
    >
      {result?.notice ? (
        <FormNotice tone={result.notice.tone}>{result.notice.message}</FormNotice>
      ) : (
        <p className="text-muted">
          اكتب بريدك الإلكتروني المسجل لدينا، وسنرسل إليك رابطاً لتعيين كلمة مرور جديدة.
        </p>
      )}
      <EmailField label="البريد الإلكتروني" meta={fields.email} />
    </IntentForm>
  );
}
