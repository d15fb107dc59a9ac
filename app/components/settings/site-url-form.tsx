import { InputField } from "~/components/ui/field";
import { siteUrlSchema } from "~/shared/settings-schemas";
import { SectionForm, useSectionForm } from "./section-form";

const INTENT = "update-site-url";

/** The public address used in e-mailed links such as password resets (spec §5). */
export function SiteUrlForm({ siteUrl }: { siteUrl: string }) {
  const [form, fields] = useSectionForm(INTENT, siteUrlSchema, { site_url: siteUrl });
  return (
    <SectionForm form={form} intent={INTENT} submitLabel="حفظ رابط الموقع">
      <InputField
        label="رابط الموقع"
        meta={fields.site_url}
        type="url"
        dir="ltr"
        inputMode="url"
        placeholder="https://rifq.org.sa"
        hint="العنوان الذي يكتبه الزوار للوصول إلى الموقع. تُبنى منه الروابط في رسائل البريد، مثل رسالة استعادة كلمة المرور."
      />
    </SectionForm>
  );
}
