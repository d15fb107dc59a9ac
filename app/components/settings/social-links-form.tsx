import { InputField } from "~/components/ui/field";
import { socialLinksSchema } from "~/shared/settings-schemas";
import type { SocialLinks } from "~/shared/site-settings";
import { SectionForm, useSectionForm } from "./section-form";

const INTENT = "update-social-links";

const NETWORKS = [
  { name: "facebook", label: "فيسبوك", example: "https://facebook.com/rifq" },
  { name: "twitter", label: "تويتر (إكس)", example: "https://x.com/rifq" },
  { name: "instagram", label: "إنستغرام", example: "https://instagram.com/rifq" },
  { name: "youtube", label: "يوتيوب", example: "https://youtube.com/@rifq" },
] as const;

/** The association's accounts shown as icons in the footer (spec §2.1); each is optional. */
export function SocialLinksForm({ links }: { links: SocialLinks }) {
  const [form, fields] = useSectionForm(INTENT, socialLinksSchema, links);
  return (
    <SectionForm form={form} intent={INTENT} submitLabel="حفظ الروابط">
      <div className="grid gap-5 md:grid-cols-2">
        {NETWORKS.map(({ name, label, example }) => (
          <InputField
            key={name}
            label={label}
            meta={fields[name]}
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="url"
            placeholder={example}
          />
        ))}
      </div>
    </SectionForm>
  );
}
