import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useSearchParams } from "react-router";
import { SubmitButton } from "~/components/settings/submit-button";
import { useIntentResult } from "~/components/settings/use-intent-result";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { twoFactorSignInSchema } from "~/shared/auth-schemas";
import { browserValidation } from "~/shared/form-validation";

const CODE_LABEL = "رمز التحقق";

/**
 * The second step of signing in to a two-factor account: the six digits the authenticator app
 * shows, or one of the recovery codes. A plain form, so it works without JavaScript.
 */
export function TwoFactorSignInForm() {
  const result = useIntentResult("two-factor");
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "two-factor",
    lastResult: result?.reply,
    ...browserValidation(twoFactorSignInSchema),
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <ErrorSummary fields={[{ meta: fields.code, label: CODE_LABEL }]} />
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
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent="two-factor" size="lg" className="w-full" pendingLabel="جارٍ التحقق…">
        تأكيد الدخول
      </SubmitButton>
      <p className="text-center">
        <Link to="/auth" className="font-medium text-primary-dark underline underline-offset-4">
          العودة إلى تسجيل الدخول
        </Link>
      </p>
    </Form>
  );
}
