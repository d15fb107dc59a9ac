import { type FieldMetadata, getFormProps } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { SelectField } from "~/components/admin/select-field";
import { CheckboxField, StatusSelect, TypedInputField } from "~/components/admin/staff-fields";
import { StatusBadge } from "~/components/admin/status-badge";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { BuiltFormField, FormPrivacy } from "~/components/forms/built-form-view";
import { Button } from "~/components/ui/button";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import {
  createForm,
  getFormForStaff,
  listFormRecipientsForStaff,
  updateForm,
} from "~/models/built-forms.server";
import { requireRole } from "~/services/permissions.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { FILE_KINDS } from "~/shared/built-form-answers";
import { CONTENT_TYPES } from "~/shared/content-types";
import { createOrUpdate } from "~/shared/create-or-update";
import { toRiyadhInput } from "~/shared/dates";
import {
  builtFormStatuses,
  type FormFieldKind,
  formFieldKinds,
  formFileKinds,
} from "~/shared/form-builder";
import {
  builtFormSchema,
  DEFAULT_CONSENT_TEXT,
  draftOf,
  FIELD_KIND_LABELS,
  type FieldDraft,
  fieldOf,
  nextFieldKey,
} from "./built-form-schema";

// The form builder (docs/decisions/071): new and edit share this module, so it types its
// arguments with the generic LoaderFunctionArgs/ActionFunctionArgs. Fields are added, removed
// and moved by submit buttons (Conform's list intents): without JavaScript each is a round trip
// that keeps what was typed; with it, the list changes in place.

export const meta = formMeta(CONTENT_TYPES.forms);

/** Admins only: an editor reads forms and their answers but never changes a form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, "admin");
  const { entry, loadError } = await loadStaffForm(request, params, {
    load: getFormForStaff,
    loadFailed: "فشل في تحميل بيانات النموذج",
    notFoundMessage: "النموذج غير موجود",
    what: "built form",
  });
  const recipients = await listFormRecipientsForStaff(actor);
  return {
    form: entry
      ? {
          ...entry,
          closesAt: entry.closesAt ? toRiyadhInput(entry.closesAt) : undefined,
          version: entry.updatedAt.toISOString(),
        }
      : null,
    recipients,
    loadError,
  };
}

/** Saved by admins only: the model refuses anyone else (403), a signed-out caller gets 401. */
export function action({ request, params }: ActionFunctionArgs) {
  return staffFormAction(request, params, {
    schema: builtFormSchema,
    save: createOrUpdate(createForm, updateForm),
    saveFailed: "فشل في حفظ النموذج",
    what: "built form",
    type: CONTENT_TYPES.forms,
  });
}

const FIRST_FIELDS = (): FieldDraft[] => [
  { key: "f1", kind: "short_text", label: "الاسم الكامل", required: true, maxLength: 100 },
  { key: "f2", kind: "mobile", label: "رقم الجوال", required: true },
  {
    key: "f3",
    kind: "consent",
    label: "الموافقة على حفظ البيانات",
    required: true,
    text: DEFAULT_CONSENT_TEXT,
  },
];

/** A field's move buttons: one place up, one place down (disabled at either end). */
const MOVES = [
  { step: -1, words: "إلى الأعلى", Icon: ArrowUp },
  { step: 1, words: "إلى الأسفل", Icon: ArrowDown },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: a draft's properties of every kind.
type AnyMeta = FieldMetadata<any>;
const text = (meta: AnyMeta) => meta as FieldMetadata<string | undefined>;

/** The lower and upper bound a number or date field may set: each one's name and label. */
const BOUNDS = {
  number: [
    ["min", "أقل قيمة (اختياري)"],
    ["max", "أكبر قيمة (اختياري)"],
  ],
  date: [
    ["notBefore", "لا يسبق (اختياري)"],
    ["notAfter", "لا يتجاوز (اختياري)"],
  ],
} as const;

/** What a field of `kind` lets the builder set beyond its label, help and required flag. */
function KindSettings({ kind, field }: { kind: FormFieldKind; field: Record<string, AnyMeta> }) {
  switch (kind) {
    case "short_text":
    case "long_text":
      return <TypedInputField kind="number" label="أقصى عدد للأحرف" meta={field.maxLength} />;
    case "number":
    case "date":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {BOUNDS[kind].map(([name, label]) => (
            <TypedInputField key={name} kind={kind} label={label} meta={field[name]} />
          ))}
        </div>
      );
    case "single_choice":
    case "multi_choice":
      return <TextareaField label="الخيارات، كل خيار في سطر" meta={text(field.options)} rows={4} />;
    case "file":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="نوع الملف"
            meta={text(field.accept)}
            options={formFileKinds.map((value) => ({ value, label: FILE_KINDS[value].words }))}
          />
          <TypedInputField kind="number" label="أقصى حجم (ميجابايت)" meta={field.maxMb} />
        </div>
      );
    case "consent":
      return <TextareaField label="نص الموافقة وسياسة الخصوصية" meta={text(field.text)} rows={3} />;
    default:
      return null;
  }
}

export default function BuiltFormBuilder() {
  const { form: entry, recipients, loadError } = useLoaderData<typeof loader>();
  const [form, fields] = useStaffForm({
    id: entry ? `built-form-${entry.id}` : "built-form-new",
    schema: builtFormSchema,
    loadError,
    defaultValue: entry
      ? {
          title: entry.title,
          slug: entry.slug,
          intro: entry.intro,
          fields: entry.fields.map(draftOf),
          status: entry.status,
          isRequest: entry.isRequest ? "on" : undefined,
          thankYou: entry.thankYou,
          purpose: entry.purpose,
          retentionMonths: entry.retentionMonths,
          closesAt: entry.closesAt,
          maxAnswers: entry.maxAnswers ?? undefined,
          notifyUserIds: entry.notifyUserIds,
        }
      : {
          status: "draft",
          fields: FIRST_FIELDS(),
          retentionMonths: 12,
          thankYou: "وصلتنا إجابتك، شكراً لك. سنتواصل معك قريباً.",
        },
  } as Parameters<typeof useStaffForm<typeof builtFormSchema>>[0]);
  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.forms} message={loadError} />;

  const list = fields.fields.getFieldList();
  /** The reorder intent moving the field at `index` by `step` places. */
  const moved = (index: number, step: number) => ({
    name: fields.fields.name,
    from: index,
    to: index + step,
  });
  const drafts = (fields.fields.value ?? []) as FieldDraft[];
  const status = builtFormStatuses.find((value) => value === fields.status.value) ?? "draft";
  const notify = new Set((fields.notifyUserIds.value as string[] | string | undefined) ?? []);
  const preview = drafts.flatMap((draft, index) => {
    const kind = formFieldKinds.find((value) => value === draft?.kind);
    if (!kind || !draft.label) return [];
    return [
      fieldOf(
        {
          ...draft,
          kind,
          label: String(draft.label),
          required: String(draft.required) === "on",
        } as never,
        draft.key ?? `p${index}`,
      ),
    ];
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      {/* Enter in a text box saves, never moves or removes a field (the first submit button wins). */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      {entry && <input type="hidden" name={fields.version.name} value={entry.version} />}
      <FormShell
        type={CONTENT_TYPES.forms}
        editing={Boolean(entry)}
        badge={<StatusBadge status={status} />}
        saveLabel={entry ? "حفظ التعديلات" : "حفظ النموذج"}
        preview={
          <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
            <h2 className="text-3xl text-primary-dark">{fields.title.value || "عنوان النموذج"}</h2>
            {fields.intro.value && <p className="whitespace-pre-line">{fields.intro.value}</p>}
            <div className="space-y-6">
              {preview.map((field) => (
                <BuiltFormField
                  key={field.key}
                  field={field}
                  meta={
                    {
                      id: `preview-${field.key}`,
                      name: `preview-${field.key}`,
                      errorId: `preview-${field.key}-error`,
                    } as AnyMeta
                  }
                />
              ))}
            </div>
            <FormPrivacy
              purpose={fields.purpose.value || "…"}
              retentionMonths={Number(fields.retentionMonths.value) || 12}
            />
          </article>
        }
      >
        <InputField label="عنوان النموذج" meta={fields.title} />
        <InputField
          label="الرابط"
          meta={fields.slug}
          dir="ltr"
          hint="آخر جزء من عنوان صفحة النموذج، مثل home-visit (يظهر على /forms/home-visit)."
        />
        <TextareaField label="مقدمة النموذج (اختياري)" meta={fields.intro} rows={3} />

        <fieldset className="space-y-4 rounded-2xl border border-line p-3 sm:p-4">
          <legend className="px-2 text-xl font-bold">حقول النموذج</legend>
          <FieldErrors id={fields.fields.errorId} errors={fields.fields.errors} />
          <ol className="space-y-4">
            {list.map((item, index) => {
              const field = item.getFieldset() as unknown as Record<string, AnyMeta>;
              const kind =
                formFieldKinds.find((value) => value === field.kind.value) ?? "short_text";
              const name = field.label.value || FIELD_KIND_LABELS[kind];
              return (
                <li
                  key={item.key}
                  className="space-y-3 rounded-xl border border-line bg-surface p-3"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="text-base font-bold">
                      {index + 1}. {FIELD_KIND_LABELS[kind]}
                    </h2>
                    <div className="flex flex-wrap gap-2">
                      {MOVES.map(({ step, words, Icon }) => (
                        <Button
                          key={step}
                          variant="outline"
                          size="sm"
                          {...form.reorder.getButtonProps(moved(index, step))}
                          disabled={!list[index + step]}
                          aria-label={`انقل «${name}» ${words}`}
                        >
                          <Icon aria-hidden className="size-4" />
                        </Button>
                      ))}
                      <Button
                        variant="outline"
                        size="sm"
                        {...form.remove.getButtonProps({ name: fields.fields.name, index })}
                        aria-label={`احذف «${name}»`}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                    </div>
                  </div>
                  <input
                    type="hidden"
                    name={field.key.name}
                    value={String(field.key.value ?? "")}
                  />
                  <SelectField
                    label="نوع الحقل"
                    meta={text(field.kind)}
                    options={formFieldKinds.map((value) => ({
                      value,
                      label: FIELD_KIND_LABELS[value],
                    }))}
                  />
                  <InputField
                    label={kind === "section" ? "العنوان" : "عنوان الحقل"}
                    meta={text(field.label)}
                  />
                  <TextareaField
                    label={kind === "section" ? "الفقرة التوضيحية" : "نص مساعد (اختياري)"}
                    meta={text(field.help)}
                    rows={2}
                  />
                  {kind !== "section" && kind !== "consent" && (
                    <CheckboxField meta={field.required} label="إجابة هذا الحقل مطلوبة" />
                  )}
                  <KindSettings kind={kind} field={field} />
                </li>
              );
            })}
          </ol>
          <div className="space-y-2">
            <p className="font-medium">أضف حقلاً:</p>
            <div className="flex flex-wrap gap-2">
              {formFieldKinds.map((kind) => (
                <Button
                  key={kind}
                  variant="outline"
                  size="sm"
                  {...form.insert.getButtonProps({
                    name: fields.fields.name,
                    defaultValue: {
                      key: nextFieldKey(drafts),
                      kind,
                      label: "",
                      ...(kind === "consent" ? { text: DEFAULT_CONSENT_TEXT } : {}),
                      ...(kind === "file" ? { accept: "pdf_or_image", maxMb: 5 } : {}),
                    },
                  })}
                >
                  <Plus aria-hidden className="size-4" />
                  {FIELD_KIND_LABELS[kind]}
                </Button>
              ))}
            </div>
          </div>
        </fieldset>

        <InputField
          label="لماذا نجمع هذه البيانات"
          meta={fields.purpose}
          hint="يظهر للزائر قبل الإرسال، مثل: لنرتّب زيارة منزلية لكبير السن ونتواصل معكم بشأنها."
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TypedInputField
            kind="number"
            label="مدة الحفظ (بالأشهر)"
            meta={fields.retentionMonths}
            hint="تُحذف الإجابات وملفاتها بعد هذه المدة."
          />
          <StatusSelect meta={fields.status} type={CONTENT_TYPES.forms} />
          <TypedInputField
            kind="datetime"
            label="يُغلق في (بتوقيت الرياض، اختياري)"
            meta={fields.closesAt}
          />
          <TypedInputField
            kind="number"
            label="أقصى عدد للإجابات (اختياري)"
            meta={fields.maxAnswers}
          />
        </div>
        <InputField label="نص الشكر بعد الإرسال" meta={fields.thankYou} />
        <CheckboxField
          meta={fields.isRequest}
          label="نموذج طلبات: تحصل كل إجابة على رقم طلب ورابط متابعة"
        />
        <fieldset className="space-y-2">
          <legend className="font-medium">من يُبلَّغ بالبريد عند كل إجابة</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {recipients.map((member) => (
              <label
                key={member.id}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2"
              >
                <input
                  type="checkbox"
                  name={fields.notifyUserIds.name}
                  value={member.id}
                  defaultChecked={notify.has(member.id)}
                  className="size-6 shrink-0 accent-primary"
                />
                <span className="min-w-0 wrap-anywhere">
                  {member.name || member.email}
                  <span className="block text-sm text-muted" dir="ltr">
                    {member.email}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldErrors id={fields.notifyUserIds.errorId} errors={fields.notifyUserIds.errors} />
        </fieldset>
        <FieldErrors id={form.errorId} errors={form.errors} />
      </FormShell>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
