import { Link, useSearchParams } from "react-router";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { InputField } from "~/components/ui/field";
import { twoFactorSignInSchema } from "~/shared/auth-schemas";
import { authSubmit } from "./auth-card";

const CODE_LABEL = "رمز التحقق";

/**
 * The second step of signing in to a two-factor account: the six digits the authenticator app
 * shows, or one of the recovery codes. A plain form, so it works without JavaScript.
 */
export function TwoFactorSignInForm() {
  const { form, fields } = useIntentForm("two-factor", twoFactorSignInSchema, "onSubmit");
  const [searchParams] = useSearchParams();
  return (
    <IntentForm
      form={form}
      summary={[{ meta: fields.code, label: CODE_LABEL }]}
      submit={authSubmit("two-factor", "جارٍ التحقق…", "تأكيد الدخول")}
      footer={
        <p className="text-center">
          <Link to="/auth" className="font-medium text-primary-dark underline underline-offset-4">
            العودة إلى تسجيل الدخول
          </Link>
        </p>
      }
    >
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <InputField
        label={CODE_LABEL}
        meta={fields.code}
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        dir="ltr"
        hint="الرمز المكوّن من 6 أرقام في تطبيق المصادقة، أو أحد رموز الاسترداد إن لم يكن الهاتف معك."
      />
    </IntentForm>
  );
}
