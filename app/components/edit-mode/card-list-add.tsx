import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { z } from "zod";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { Button } from "~/components/ui/button";
import { FieldErrors, InputField, inputClass, TextareaField } from "~/components/ui/field";
import type { CardListDefinition } from "~/content/card-lists";
import { CARD_ICON_NAMES, CARD_ICONS } from "~/shared/card-icons";
import { cardFieldsSchema } from "~/shared/card-items";
import { imageFileSchema } from "~/shared/image-rules";
import { containEvents } from "./contain-events";
import { type CardListAnswer, useCardListWrite } from "./use-card-list-write";

/** The new card's form: the fields the server checks, in the browser first (docs/decisions/046). */
const addCardFormSchema = cardFieldsSchema.extend({
  image: imageFileSchema.optional(),
  position: z.enum(["end", "start"]).optional(),
});

/**
 * The dialog that adds a card to a list: title, text, icon from the curated set, an optional
 * link and image, and where it goes. The server answers the list as now stored.
 */
export function AddCardDialog({
  list,
  version,
  onClose,
  onAdded,
}: {
  list: CardListDefinition;
  version: string | undefined;
  onClose: () => void;
  onAdded: (result: CardListAnswer) => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { write, busy } = useCardListWrite(list, (result) => {
    if (result.ok) onAdded(result);
    else setRefusal(result.message);
  });
  const [form, fields] = useForm({
    id: `add-card-${list.key}`,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addCardFormSchema }),
  });
  const iconHint = useId();

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" {...containEvents} />
        <Dialog.Content
          {...containEvents}
          // The list puts focus where the change left it (the moved card, the undo button).
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="fixed inset-x-3 top-[4vh] z-[60] mx-auto flex max-h-[92vh] max-w-2xl flex-col rounded-2xl bg-white text-ink shadow-2xl"
        >
          <div className="flex items-start justify-between gap-3 border-b border-line p-5">
            <div>
              <Dialog.Title className="text-xl font-bold">
                إضافة بطاقة إلى «{list.label}»
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-muted">
                يمكنك تعديل العنوان والنص لاحقاً في مكانهما كأي نص في الصفحة.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="إغلاق">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
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
            <input type="hidden" name="intent" value="add" />
            <InputField label="عنوان البطاقة" meta={fields.title} />
            <TextareaField label="نص البطاقة" meta={fields.text} rows={3} />
            <div className="space-y-1">
              <label htmlFor={fields.icon.id} className="block font-medium">
                الأيقونة
              </label>
              <select
                {...getSelectProps(fields.icon)}
                key={fields.icon.key}
                className={inputClass}
                aria-describedby={iconHint}
              >
                <option value="">بدون أيقونة</option>
                {CARD_ICON_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {CARD_ICONS[name].label}
                  </option>
                ))}
              </select>
              <p id={iconHint} className="text-sm text-muted">
                من أيقونات الموقع نفسها.
              </p>
              <FieldErrors id={fields.icon.errorId} errors={fields.icon.errors} />
            </div>
            <InputField
              label="رابط (اختياري)"
              meta={fields.link}
              dir="ltr"
              hint="صفحة في الموقع مثل ‎/services‎ أو رابط يبدأ بـ https://"
            />
            <ImageUploadField meta={fields.image} label="صورة (اختيارية)" />
            <InputField
              label="وصف الصورة (اختياري)"
              meta={fields.imageAlt}
              hint="لمن لا يرى الصورة؛ اتركه فارغاً إن كانت للزينة."
            />
            <div className="space-y-1">
              <label htmlFor={fields.position.id} className="block font-medium">
                موضع البطاقة
              </label>
              <select
                {...getSelectProps(fields.position)}
                key={fields.position.key}
                className={inputClass}
              >
                <option value="end">في آخر القائمة</option>
                <option value="start">في أول القائمة</option>
              </select>
            </div>
            {refusal && (
              <p role="alert" className="rounded-xl bg-danger/10 p-3 text-danger">
                {refusal}
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" pending={busy}>
                <Plus aria-hidden className="size-5" />
                إضافة البطاقة
              </Button>
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  إلغاء
                </Button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
