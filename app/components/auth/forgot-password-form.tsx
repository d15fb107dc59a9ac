import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { useIntentResult } from "~/components/settings/use-intent-result";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { forgotPasswordSchema } from "~/shared/auth-schemas";
import { browserValidation } from "~/shared/form-validation";

export function ForgotPasswordForm() {
  const result = useIntentResult("forgot-password");
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: result?.reply,
    ...browserValidation(forgotPasswordSchema),
  });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <ErrorSummary />
      {result?.notice ? (
        <FormNotice tone={result.notice.tone}>{result.notice.message}</FormNotice>
      ) : (
        <p className="text-muted">
          اكتب بريدك الإلكتروني المسجل لدينا، وسنرسل إليك رابطاً لتعيين كلمة مرور جديدة.
        </p>
      )}
      <InputField
        label="البريد الإلكتروني"
        meta={fields.email}
        type="email"
        autoComplete="email"
        dir="ltr"
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton
        intent="forgot-password"
        size="lg"
        className="w-full"
        pendingLabel="جارٍ الإرسال…"
      >
        إرسال رابط إعادة التعيين
      </SubmitButton>
    </Form>
  );
}
