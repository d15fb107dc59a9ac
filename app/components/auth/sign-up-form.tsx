import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { useIntentResult } from "~/components/settings/use-intent-result";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { signUpSchema } from "~/shared/auth-schemas";
import { browserValidation } from "~/shared/form-validation";
import { PASSWORD_HINT } from "~/shared/password-rules";

export function SignUpForm() {
  const result = useIntentResult("sign-up");
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: result?.reply,
    ...browserValidation(signUpSchema),
  });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <ErrorSummary />
      {result?.notice && <FormNotice tone={result.notice.tone}>{result.notice.message}</FormNotice>}
      <InputField label="الاسم الكامل" meta={fields.fullName} autoComplete="name" />
      <InputField
        label="البريد الإلكتروني"
        meta={fields.email}
        type="email"
        autoComplete="email"
        dir="ltr"
      />
      <InputField
        label="كلمة المرور"
        meta={fields.password}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent="sign-up" size="lg" className="w-full" pendingLabel="جارٍ الإنشاء…">
        إنشاء حساب
      </SubmitButton>
    </Form>
  );
}
