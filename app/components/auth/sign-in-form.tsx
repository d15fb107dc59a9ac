import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useSearchParams } from "react-router";
import { SubmitButton } from "~/components/settings/submit-button";
import { useIntentResult } from "~/components/settings/use-intent-result";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { signInSchema } from "~/shared/auth-schemas";
import { browserValidation } from "~/shared/form-validation";
import { tabHref } from "./tab-href";

const LABELS = { email: "البريد الإلكتروني", password: "كلمة المرور" };

export function SignInForm() {
  const result = useIntentResult("sign-in");
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: result?.reply,
    ...browserValidation(signInSchema),
  });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <ErrorSummary
        fields={[
          { meta: fields.email, label: LABELS.email },
          { meta: fields.password, label: LABELS.password },
        ]}
      />
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <InputField
        label={LABELS.email}
        meta={fields.email}
        type="email"
        autoComplete="email"
        dir="ltr"
      />
      <InputField
        label={LABELS.password}
        meta={fields.password}
        type="password"
        autoComplete="current-password"
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent="sign-in" size="lg" className="w-full" pendingLabel="جارٍ الدخول…">
        تسجيل الدخول
      </SubmitButton>
      <p className="text-center">
        <Link
          to={tabHref(searchParams, "forgot")}
          replace
          className="inline-flex min-h-11 items-center font-medium text-primary-dark underline underline-offset-4"
        >
          نسيت كلمة المرور؟
        </Link>
      </p>
    </Form>
  );
}
