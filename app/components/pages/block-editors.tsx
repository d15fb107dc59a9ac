import { type FieldMetadata, type FormMetadata, getInputProps } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { SelectField } from "~/components/admin/select-field";
import { RichTextField } from "~/components/rich-text/rich-text-field";
import { Button } from "~/components/ui/button";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { DOCUMENT_CATEGORY_LABELS, documentCategories } from "~/shared/documents";
import {
  BLOCK_LABELS,
  BLOCK_TYPES,
  CARD_ICON_NAMES,
  CARD_ICONS,
  PAGE_BLOCKS_MAX,
  PAGE_CARDS_MAX,
  PAGE_DOCUMENTS_SHOWN,
  type PageBlockType,
} from "~/shared/page-blocks";

/**
 * The page form's blocks: each in its own fieldset with its editor and its buttons (move up,
 * move down, remove), and a button to add each kind of block. The buttons are Conform's list
 * intents: with JavaScript they change the form at once; without it they are ordinary submit
 * buttons and the server sends the form back changed (nothing is saved until «حفظ»).
 */

// Conform cannot type a discriminated union's fieldset: the editors name the fields each kind
// of block has, as text fields, files, objects and lists.
type TextField = FieldMetadata<string | undefined>;
type FileField = FieldMetadata<File | undefined>;
type ObjectField = FieldMetadata<Record<string, unknown> | undefined>;
type ListField = FieldMetadata<Record<string, unknown>[] | undefined>;
type AnyField = TextField | FileField | ObjectField | ListField;
type BlockFields = Record<string, AnyField>;
// biome-ignore lint/suspicious/noExplicitAny: any page form (its list intents are all we use)
type Form = Pick<FormMetadata<any, string[]>, "insert" | "remove" | "reorder">;

const text = (field: AnyField | undefined) => field as TextField;
const file = (field: AnyField | undefined) => field as FileField;
const list = (field: AnyField | undefined) => field as ListField;
const fieldsOf = (field: AnyField) =>
  (field as ObjectField).getFieldset() as unknown as BlockFields;
/** Conform types an inserted item by the list's name; ours are the blocks' and cards' shapes. */
const asItem = (value: Record<string, unknown>) => value as never;

const SMALL = "min-h-11";

/**
 * After a move the block is elsewhere in the page: the keyboard focus follows it, to the same
 * button, or to the other move button when that one has just become unusable (first or last).
 */
function focusAfterMove(id: string, otherId: string) {
  requestAnimationFrame(() => {
    const button = document.getElementById(id) as HTMLButtonElement | null;
    const target = button && !button.disabled ? button : document.getElementById(otherId);
    target?.focus();
  });
}

/** The move up / move down / remove buttons of one item of a list (a block, a card). */
function ItemButtons({
  form,
  listName,
  itemKey,
  index,
  count,
  label,
  removeLabel,
}: {
  form: Form;
  listName: string;
  itemKey: string;
  index: number;
  count: number;
  label: string;
  removeLabel: string;
}) {
  // Conform's item keys are unique within one list only.
  const up = `${listName}-${itemKey}-up`;
  const down = `${listName}-${itemKey}-down`;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        id={up}
        variant="ghost"
        size="sm"
        className={SMALL}
        disabled={index === 0}
        aria-label={`نقل ${label} إلى أعلى`}
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
        onClick={() => focusAfterMove(up, down)}
      >
        <ArrowUp aria-hidden className="size-4" />
        إلى أعلى
      </Button>
      <Button
        id={down}
        variant="ghost"
        size="sm"
        className={SMALL}
        disabled={index === count - 1}
        aria-label={`نقل ${label} إلى أسفل`}
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
        onClick={() => focusAfterMove(down, up)}
      >
        <ArrowDown aria-hidden className="size-4" />
        إلى أسفل
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className={`${SMALL} text-danger`}
        aria-label={`حذف ${label}`}
        {...form.remove.getButtonProps({ name: listName, index })}
      >
        <Trash2 aria-hidden className="size-4" />
        {removeLabel}
      </Button>
    </div>
  );
}

export function BlocksEditor({ form, blocks }: { form: Form; blocks: AnyField }) {
  const items = list(blocks).getFieldList() as AnyField[];
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-2 text-lg font-bold">محتوى الصفحة</legend>
      {items.length === 0 && (
        <p className="text-muted">لا كتل بعد. أضف كتلة من الأزرار أدناه لتبني الصفحة.</p>
      )}
      <ol className="space-y-4">
        {items.map((block, index) => (
          <li key={block.key}>
            <BlockFieldset
              form={form}
              listName={blocks.name}
              block={block}
              index={index}
              count={items.length}
            />
          </li>
        ))}
      </ol>
      <FieldErrors id={blocks.errorId} errors={blocks.errors} />
      {items.length < PAGE_BLOCKS_MAX && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="mb-2 w-full font-medium">أضف كتلة:</legend>
          {BLOCK_TYPES.map((type) => (
            <Button
              key={type}
              variant="outline"
              size="sm"
              className={SMALL}
              {...form.insert.getButtonProps({
                name: list(blocks).name,
                defaultValue: asItem(newBlock(type)),
              })}
            >
              <Plus aria-hidden className="size-4" />
              {BLOCK_LABELS[type]}
            </Button>
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}

/** What a new block of a kind starts with. */
function newBlock(type: PageBlockType): Record<string, unknown> {
  if (type === "cards") return { type, items: [{ icon: CARD_ICON_NAMES[0] }] };
  if (type === "documents") return { type, category: "all" };
  return { type };
}

function BlockFieldset({
  form,
  listName,
  block,
  index,
  count,
}: {
  form: Form;
  listName: string;
  block: AnyField;
  index: number;
  count: number;
}) {
  const fields = fieldsOf(block);
  const type = (fields.type?.value ?? "text") as PageBlockType;
  const label = `الكتلة ${index + 1}: ${BLOCK_LABELS[type] ?? type}`;
  return (
    <fieldset className="space-y-4 rounded-xl border border-line bg-surface/40 p-4">
      <legend className="px-2 font-bold">{label}</legend>
      <input {...getInputProps(text(fields.type), { type: "hidden" })} key={fields.type?.key} />
      <BlockEditor type={type} fields={fields} form={form} label={label} />
      <ItemButtons
        form={form}
        listName={listName}
        itemKey={block.key ?? `block-${index}`}
        index={index}
        count={count}
        label={label}
        removeLabel="حذف الكتلة"
      />
    </fieldset>
  );
}

/** One editor a kind of block: a new kind is one more case here. */
function BlockEditor({
  type,
  fields,
  form,
  label,
}: {
  type: PageBlockType;
  fields: BlockFields;
  form: Form;
  label: string;
}) {
  const f = (name: string) => text(fields[name]);
  switch (type) {
    case "text":
      return <RichTextField label="النص" meta={f("html")} rows={8} />;
    case "image":
      return (
        <>
          <input {...getInputProps(f("src"), { type: "hidden" })} key={f("src").key} />
          <ImageUploadField
            label="الصورة"
            meta={file(fields.file)}
            currentUrl={f("src").value ?? null}
            removeName={`${f("src").name}-removed`}
            hint="JPG أو PNG أو GIF أو WebP، بحجم أقصاه 5 ميجابايت. تُرفع الصورة عند حفظ الصفحة؛ احفظ بعد كل صورة كبيرة."
          />
          <InputField
            label="وصف الصورة"
            labelDetail={label}
            meta={f("alt")}
            hint="لمن لا يرى الصورة: ماذا تُظهر؟"
          />
          <InputField label="التعليق (اختياري)" labelDetail={label} meta={f("caption")} />
        </>
      );
    case "cards":
      return <CardsEditor fields={fields} form={form} label={label} />;
    case "cta":
      return (
        <>
          <InputField label="نص الزر" labelDetail={label} meta={f("label")} />
          <InputField
            label="رابط الزر"
            labelDetail={label}
            meta={f("href")}
            dir="ltr"
            hint="صفحة في الموقع تبدأ بـ / (مثل /volunteer) أو موقع آخر يبدأ بـ https://"
          />
        </>
      );
    case "video":
      return (
        <>
          <InputField
            label="رابط فيديو يوتيوب"
            labelDetail={label}
            meta={f("youtubeId")}
            dir="ltr"
          />
          <InputField label="عنوان الفيديو (اختياري)" labelDetail={label} meta={f("title")} />
        </>
      );
    case "form":
      return (
        <InputField
          label="رابط النموذج"
          labelDetail={label}
          meta={f("slug")}
          dir="ltr"
          hint="آخر جزء من عنوان النموذج في قائمة النماذج، مثل home-visit. يظهر النموذج ما دام مفتوحاً."
        />
      );
    case "documents":
      return (
        <>
          <InputField label="عنوان القائمة (اختياري)" labelDetail={label} meta={f("heading")} />
          <SelectField
            label="الوثائق المعروضة"
            meta={f("category")}
            options={[
              { value: "all", label: "كل الوثائق المنشورة" },
              ...documentCategories.map((category) => ({
                value: category,
                label: DOCUMENT_CATEGORY_LABELS[category],
              })),
            ]}
          />
          <p className="text-sm text-muted">
            تعرض الصفحة أحدث {PAGE_DOCUMENTS_SHOWN} وثيقة منشورة من مكتبة الوثائق.
          </p>
        </>
      );
    default:
      return null;
  }
}

function CardsEditor({ fields, form, label }: { fields: BlockFields; form: Form; label: string }) {
  const items = list(fields.items);
  const cards = items.getFieldList() as AnyField[];
  return (
    <>
      <InputField label="عنوان القائمة (اختياري)" labelDetail={label} meta={text(fields.heading)} />
      <ol className="space-y-3">
        {cards.map((item, index) => {
          const card = fieldsOf(item);
          const cardLabel = `${label}، البطاقة ${index + 1}`;
          return (
            <li key={item.key}>
              <fieldset className="space-y-3 rounded-xl border border-line bg-white p-4">
                <legend className="px-2 font-medium">البطاقة {index + 1}</legend>
                <InputField label="عنوان البطاقة" labelDetail={cardLabel} meta={text(card.title)} />
                <TextareaField
                  label="نص البطاقة (اختياري)"
                  labelDetail={cardLabel}
                  meta={text(card.text)}
                  rows={3}
                />
                <SelectField
                  label="الأيقونة"
                  meta={text(card.icon)}
                  options={CARD_ICON_NAMES.map((name) => ({
                    value: name,
                    label: CARD_ICONS[name],
                  }))}
                />
                <InputField
                  label="رابط البطاقة (اختياري)"
                  labelDetail={cardLabel}
                  meta={text(card.link)}
                  dir="ltr"
                />
                <ItemButtons
                  form={form}
                  listName={items.name}
                  itemKey={item.key ?? `${items.name}-${index}`}
                  index={index}
                  count={cards.length}
                  label={cardLabel}
                  removeLabel="حذف البطاقة"
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldErrors id={items.errorId} errors={items.errors} />
      {cards.length < PAGE_CARDS_MAX && (
        <Button
          variant="outline"
          size="sm"
          className={SMALL}
          {...form.insert.getButtonProps({
            name: items.name,
            defaultValue: asItem({ icon: CARD_ICON_NAMES[0] }),
          })}
        >
          <Plus aria-hidden className="size-4" />
          إضافة بطاقة
        </Button>
      )}
    </>
  );
}
