import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { type AccountIntent, changePasswordSchema } from "~/shared/auth-schemas";
import { browserValidation } from "~/shared/form-validation";
import { SubmitButton } from "./submit-button";
import { useIntentResult } from "./use-intent-result";

const INTENT: AccountIntent = "change-password";

/** Change password (spec §2.9); the form empties itself after a successful change. */
export function ChangePasswordForm() {
  const result = useIntentResult(INTENT);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: result?.reply,
    ...browserValidation(changePasswordSchema),
  });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <ErrorSummary />
      <InputField
        label="كلمة المرور الحالية"
        meta={fields.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <InputField
        label="كلمة المرور الجديدة"
        meta={fields.newPassword}
        type="password"
        autoComplete="new-password"
        hint="6 أحرف على الأقل، وتجمع بين الحروف والأرقام"
      />
      <InputField
        label="تأكيد كلمة المرور الجديدة"
        meta={fields.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent={INTENT} pendingLabel="جارٍ التغيير…">
        تغيير كلمة المرور
      </SubmitButton>
    </Form>
  );
}
