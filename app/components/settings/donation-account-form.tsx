import { ShieldAlert } from "lucide-react";
import { InputField, TextareaField } from "~/components/ui/field";
import { formatDate, isoDate } from "~/shared/dates";
import { donationAccountSchema } from "~/shared/settings-schemas";
import type { DonationAccount } from "~/shared/site-settings";
import { SectionForm, useSectionForm } from "./section-form";

const INTENT = "update-donation-account";

export interface LatestChange {
  changedAt: Date | string;
  changedByName: string | null;
}

/**
 * The bank details on the donate page (spec §2.2 /donate). Gifts go where these say, so every
 * change is recorded and e-mailed to all administrators; the form says so before saving.
 */
export function DonationAccountForm({
  account,
  latestChange,
}: {
  account: DonationAccount;
  latestChange: LatestChange | null;
}) {
  const [form, fields] = useSectionForm(INTENT, donationAccountSchema, account);
  const changedBy = latestChange?.changedByName;
  return (
    <SectionForm form={form} intent={INTENT} submitLabel="حفظ حساب التبرعات">
      <div className="flex items-start gap-3 rounded-2xl border border-accent/40 bg-accent-light p-4 text-ink">
        <ShieldAlert aria-hidden className="mt-1 size-5 shrink-0 text-[#7a5513]" />
        <div className="space-y-1">
          <p>
            يُسجَّل كل تغيير في هذه البيانات، ويصل إشعار به إلى بريد جميع المديرين. راجع رقم الآيبان
            جيداً قبل الحفظ.
          </p>
          {latestChange && (
            <p className="text-sm text-muted">
              آخر تعديل: {changedBy ?? "مستخدم محذوف"}، في{" "}
              <time dateTime={isoDate(latestChange.changedAt)}>
                {formatDate(latestChange.changedAt)}
              </time>
            </p>
          )}
        </div>
      </div>
      <InputField label="العنوان" labelDetail="الظاهر في صفحة التبرع" meta={fields.title} />
      <TextareaField
        label="الوصف (اختياري)"
        meta={fields.description}
        rows={3}
        hint="اتركه فارغاً ليظهر الوصف الافتراضي في صفحة التبرع."
      />
      <div className="grid gap-5 md:grid-cols-2">
        <InputField label="اسم البنك" meta={fields.bank_name} />
        <InputField
          label="رقم الحساب"
          meta={fields.account_number}
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <InputField
        label="رقم الآيبان (اختياري)"
        meta={fields.iban}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder="SA00 0000 0000 0000 0000 0000"
        hint="آيبان سعودي من 24 خانة يبدأ بـ SA. يمكنك كتابته بمسافات كما في كشف الحساب."
      />
    </SectionForm>
  );
}
