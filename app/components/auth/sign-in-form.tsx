import { Link, useSearchParams } from "react-router";
import { labelledFields } from "~/components/labelled-fields";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { EmailField, PasswordField } from "~/components/ui/person-fields";
import { signInSchema } from "~/shared/auth-schemas";
import { authSubmit } from "./auth-card";
import { tabHref } from "./tab-href";

const LABELS = { email: "البريد الإلكتروني", password: "كلمة المرور" };

export function SignInForm() {
  const { form, fields } = useIntentForm("sign-in", signInSchema);
  const [searchParams] = useSearchParams();
  return (
    <IntentForm
      form={form}
      summary={labelledFields(fields, LABELS)}
      submit={authSubmit("sign-in", "جارٍ الدخول…", "تسجيل الدخول")}
      footer={
        <p className="text-center">
          <Link
            to={tabHref(searchParams, "forgot")}
            replace
            className="inline-flex min-h-11 items-center font-medium text-primary-dark underline underline-offset-4"
          >
            نسيت كلمة المرور؟
          </Link>
        </p>
      }
    >
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <EmailField label={LABELS.email} meta={fields.email} />
      <PasswordField label={LABELS.password} meta={fields.password} />
    </IntentForm>
  );
}
