import { InputField, TextareaField } from "~/components/ui/field";
import { contactInfoSchema } from "~/shared/settings-schemas";
import type { ContactInfo } from "~/shared/site-settings";
import { SectionForm, useSectionForm } from "./section-form";

const INTENT = "update-contact-info";

/** Phone, e-mail and address shown in the footer of every page (spec §2.1). */
export function ContactInfoForm({ contact }: { contact: ContactInfo }) {
  const [form, fields] = useSectionForm(INTENT, contactInfoSchema, contact);
  return (
    <SectionForm form={form} intent={INTENT} submitLabel="حفظ معلومات الاتصال">
      <div className="grid gap-5 md:grid-cols-2">
        <InputField
          label="رقم الهاتف"
          meta={fields.phone}
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="off"
          hint="أرقام ومسافات وشرطات وأقواس، ويمكن أن يبدأ بـ +"
        />
        <InputField
          label="البريد الإلكتروني"
          labelDetail="للتواصل مع الجمعية"
          meta={fields.email}
          type="email"
          dir="ltr"
          autoComplete="off"
        />
      </div>
      <TextareaField label="العنوان" labelDetail="البريدي للجمعية" meta={fields.address} rows={2} />
    </SectionForm>
  );
}
