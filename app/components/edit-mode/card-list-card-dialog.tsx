import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { Pencil, Plus } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { SelectField } from "~/components/admin/select-field";
import { Button } from "~/components/ui/button";
import {
  FieldFrame,
  InputField,
  inputClass,
  TextareaField,
  useFieldDescription,
} from "~/components/ui/field";
import { CARD_ICON_NAMES, CARD_ICONS } from "~/shared/card-icons";
import { addCardFormSchema, type CardItem, editCardFormSchema } from "~/shared/card-items";
import type { CardListDefinition } from "~/shared/card-list-definitions";
import { browserValidation } from "~/shared/form-validation";
import { EditDialog } from "./edit-dialog";
import { type CardListAnswer, useCardListWrite } from "./use-card-list-write";

const ICON_HINT = "من أيقونات الموقع نفسها.";
const POSITION_OPTIONS = [
  { value: "end", label: "في آخر القائمة" },
  { value: "start", label: "في أول القائمة" },
];

/**
 * The one card form of edit mode (docs/decisions/047): without `card` it adds a card (title,
 * text, icon from the curated set, an optional link and image, and where it goes); with `card`
 * it changes that card's icon, link and image — its title and text are page texts, edited in
 * place. The browser checks the form with the server's own schema (docs/decisions/046); the
 * server answers the list as now stored.
 */
export function CardDialog({
  list,
  card,
  version,
  onClose,
  onSaved,
}: {
  list: CardListDefinition;
  /** The card to change; none to add one. */
  card?: CardItem;
  version: string | undefined;
  onClose: () => void;
  onSaved: (result: CardListAnswer) => void;
}) {
  const editing = Boolean(card);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { write, busy } = useCardListWrite(list, (result) => {
    if (result.ok) onSaved(result);
    else setRefusal(result.message);
  });
  const [form, fields] = useForm({
    id: card ? `edit-card-${list.key}-${card.key}` : `add-card-${list.key}`,
    ...browserValidation(card ? editCardFormSchema : addCardFormSchema),
    defaultValue: card
      ? { icon: card.icon ?? "", link: card.link ?? "", imageAlt: card.image?.alt ?? "" }
      : undefined,
  });
  const icon = useFieldDescription(fields.icon, ICON_HINT);
  const heading = card ? `تعديل بطاقة «${card.title}»` : `إضافة بطاقة إلى «${list.label}»`;

  return (
    <EditDialog
      title={heading}
      description={
        editing
          ? "العنوان والنص يُعدَّلان في مكانهما في الصفحة كأي نص فيها."
          : "يمكنك تعديل العنوان والنص لاحقاً في مكانهما كأي نص في الصفحة."
      }
      leaveFocusToCaller
      onClose={onClose}
    >
      <form
        {...getFormProps(form)}
        encType="multipart/form-data"
        className="flex flex-col gap-4 overflow-y-auto p-5"
        onSubmit={(event) => {
          form.onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          setRefusal(null);
          write(new FormData(event.currentTarget), version);
        }}
      >
        <input type="hidden" name="intent" value={card ? "edit" : "add"} />
        {card ? (
          <input type="hidden" name="itemKey" value={card.key} />
        ) : (
          <>
            <InputField label="عنوان البطاقة" meta={fields.title} />
            <TextareaField label="نص البطاقة" meta={fields.text} rows={3} />
          </>
        )}
        <FieldFrame label="الأيقونة" meta={fields.icon} hint={ICON_HINT} hintId={icon.hintId}>
          <select
            {...getSelectProps(fields.icon)}
            key={fields.icon.key}
            className={inputClass}
            aria-describedby={icon.describedBy}
          >
            <option value="">بدون أيقونة</option>
            {CARD_ICON_NAMES.map((name) => (
              <option key={name} value={name}>
                {CARD_ICONS[name].label}
              </option>
            ))}
          </select>
        </FieldFrame>
        <InputField
          label="رابط (اختياري)"
          meta={fields.link}
          dir="ltr"
          hint="صفحة في الموقع مثل ‎/services‎ أو رابط يبدأ بـ https://"
        />
        <ImageUploadField
          meta={fields.image}
          label="صورة (اختيارية)"
          currentUrl={card?.image?.url}
        />
        <InputField
          label="وصف الصورة (اختياري)"
          meta={fields.imageAlt}
          hint="لمن لا يرى الصورة؛ اتركه فارغاً إن كانت للزينة."
        />
        {!card && (
          <SelectField label="موضع البطاقة" meta={fields.position} options={POSITION_OPTIONS} />
        )}
        {refusal && (
          <p role="alert" className="rounded-xl bg-danger/10 p-3 text-danger">
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={busy}>
            {card ? (
              <>
                <Pencil aria-hidden className="size-5" />
                حفظ التعديلات
              </>
            ) : (
              <>
                <Plus aria-hidden className="size-5" />
                إضافة البطاقة
              </>
            )}
          </Button>
          <Dialog.Close asChild>
            <Button type="button" variant="outline">
              إلغاء
            </Button>
          </Dialog.Close>
        </div>
      </form>
    </EditDialog>
  );
}
