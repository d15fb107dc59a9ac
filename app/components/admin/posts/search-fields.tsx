import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/ui/field";
import { ShareImageField } from "../share-image-field";

type Field = FieldMetadata<string | undefined>;

/** The post's search-engine and sharing fields: description, share image, canonical page. */
export function SearchFields({
  metaDescription,
  shareImage,
  canonicalUrl,
  descriptionHintLength,
  featuredImage,
  onChooseShareImage,
}: {
  metaDescription: Field;
  shareImage: Field;
  canonicalUrl: Field;
  /** The length search engines show, said in the hint. */
  descriptionHintLength: number;
  featuredImage: string | null;
  onChooseShareImage: (url: string) => void;
}) {
  const metaLength = Array.from(metaDescription.value ?? "").length;
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-2 font-medium">محركات البحث والمشاركة</legend>
      <InputField
        label="وصف محركات البحث"
        meta={metaDescription}
        hint={`${metaLength} حرفاً — الأفضل ألا يزيد على ${descriptionHintLength} حرفاً، وإن تُرك فارغاً استُخدم المقتطف.`}
      />
      <ShareImageField
        meta={shareImage}
        featuredImage={featuredImage}
        onChoose={onChooseShareImage}
      />
      <InputField
        label="الصفحة الأصلية للمقال (Canonical)"
        meta={canonicalUrl}
        dir="ltr"
        hint="فقط إن نُشر المقال أولاً في موقع آخر؛ وإلا فاتركه فارغاً."
      />
    </fieldset>
  );
}
