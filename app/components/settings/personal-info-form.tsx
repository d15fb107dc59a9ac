import { getFormProps, useForm } from "@conform-to/react";
import { useId } from "react";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField, inputClass } from "~/components/ui/field";
import { type AccountIntent, personalInfoSchema } from "~/shared/auth-schemas";
import { cn } from "~/shared/cn";
import { browserValidation } from "~/shared/form-validation";
import { ROLE_LABELS, type Role } from "~/shared/roles";
import { SubmitButton } from "./submit-button";
import { useIntentResult } from "./use-intent-result";

const INTENT: AccountIntent = "update-profile";

function ReadOnlyField({ label, value, note }: { label: string; value: string; note?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        readOnly
        dir="auto"
        aria-describedby={note ? `${id}-note` : undefined}
        className={cn(inputClass, "bg-surface text-muted")}
      />
      {note && (
        <p id={`${id}-note`} className="text-sm text-muted">
          {note}
        </p>
      )}
    </div>
  );
}

/** Personal info (spec §2.9): the name can be changed; e-mail and role are shown only. */
export function PersonalInfoForm({
  user,
}: {
  user: { fullName: string; email: string; role: Role };
}) {
  const result = useIntentResult(INTENT);
  const [form, fields] = useForm({
    id: "personal-info",
    lastResult: result?.reply,
    defaultValue: { fullName: user.fullName },
    ...browserValidation(personalInfoSchema),
  });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <ErrorSummary />
      <InputField label="الاسم الكامل" meta={fields.fullName} autoComplete="name" />
      <ReadOnlyField
        label="البريد الإلكتروني"
        value={user.email}
        note="لا يمكن تغيير البريد الإلكتروني حالياً."
      />
      <ReadOnlyField label="الدور" value={ROLE_LABELS[user.role]} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent={INTENT} pendingLabel="جارٍ الحفظ…">
        حفظ التغييرات
      </SubmitButton>
    </Form>
  );
}
