import { getInputProps } from "@conform-to/react";
import { FieldErrors } from "~/components/ui/field";
import { registrationSchema } from "~/shared/settings-schemas";
import { FormNotice } from "./form-notice";
import { SectionForm, useSectionForm } from "./section-form";

const INTENT = "update-registration";

/**
 * Opens or closes sign-up (spec §3 registration_control). Closed, the sign-up tab and the home
 * page's login button disappear, and the server refuses sign-ups.
 */
export function RegistrationForm({ allowed }: { allowed: boolean }) {
  const [form, fields] = useSectionForm(INTENT, registrationSchema, {
    allow_registration: allowed,
  });
  const field = fields.allow_registration;
  return (
    <SectionForm form={form} intent={INTENT} submitLabel="حفظ إعداد التسجيل">
      <FormNotice tone="info">
        <p>
          التسجيل الآن: <strong>{allowed ? "مفتوح للزوار" : "مغلق"}</strong>
        </p>
      </FormNotice>
      {/* The whole line is the switch's target (at least 44 px high), the box itself 28 px. */}
      <div className="space-y-1 rounded-2xl border border-line p-4">
        <label
          htmlFor={field.id}
          className="flex min-h-11 cursor-pointer items-center gap-4 text-lg font-medium"
        >
          <input
            {...getInputProps(field, { type: "checkbox" })}
            key={field.key}
            aria-describedby={`${field.id}-hint`}
            className="size-7 shrink-0 cursor-pointer accent-primary"
          />
          السماح للزوار بإنشاء حسابات جديدة
        </label>
        <p id={`${field.id}-hint`} className="ps-11 text-muted">
          عند إلغاء التحديد يختفي تبويب «حساب جديد» من صفحة الدخول وزر الدخول من الصفحة الرئيسية،
          ويرفض الخادم أي تسجيل جديد.
        </p>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </SectionForm>
  );
}
