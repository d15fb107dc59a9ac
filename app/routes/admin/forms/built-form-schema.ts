import { z } from "zod";
import {
  BUILT_FORM_DEFAULT_FILE_MB,
  BUILT_FORM_MAX_FIELDS,
  BUILT_FORM_MAX_FILE_FIELDS,
  BUILT_FORM_MAX_FILE_MB,
  BUILT_FORM_MAX_TOTAL_FILE_MB,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
} from "~/shared/built-form-answers";
import { fromRiyadhInput } from "~/shared/dates";
import {
  builtFormStatuses,
  type FormField,
  type FormFieldKind,
  formFieldKinds,
  formFileKinds,
} from "~/shared/form-builder";
import { EVEN_IF_A_FIELD_FAILED, editVersion } from "~/shared/form-validation";
import { slugify } from "~/shared/slug";
import { oneLineText, optionalParagraphs } from "~/shared/text-fields";

/** The form builder (issue 36, docs/decisions/071), shared by the browser and the server. */

export const FIELD_KIND_LABELS: Record<FormFieldKind, string> = {
  short_text: "نص قصير",
  long_text: "نص طويل",
  number: "رقم",
  mobile: "رقم جوال سعودي",
  email: "بريد إلكتروني",
  date: "تاريخ",
  single_choice: "اختيار واحد",
  multi_choice: "اختيارات متعددة",
  yes_no: "نعم / لا",
  file: "ملف (PDF أو صورة)",
  consent: "موافقة على حفظ البيانات",
  section: "عنوان وفقرة توضيحية",
};

export const DEFAULT_CONSENT_TEXT =
  "أوافق على أن تحفظ جمعية رفق ما كتبته في هذا النموذج للغرض المذكور أعلاه وللمدة المذكورة فقط، وأعلم أن لي طلب حذفه في أي وقت.";

export const BUILDER_MESSAGES = {
  noFields: "أضف سؤالاً واحداً على الأقل إلى النموذج",
  tooManyFields: `النموذج لا يتسع لأكثر من ${BUILT_FORM_MAX_FIELDS} حقلاً`,
  tooManyFiles: `النموذج لا يتسع لأكثر من ${BUILT_FORM_MAX_FILE_FIELDS} حقول ملفات`,
  fileTotal: `مجموع أحجام الملفات في النموذج يجب ألا يزيد على ${BUILT_FORM_MAX_TOTAL_FILE_MB} ميجابايت`,
  labelRequired: "عنوان الحقل مطلوب",
  optionsRequired: "اكتب خيارين على الأقل، كل خيار في سطر",
  maxMb: `حجم الملف من 1 إلى ${BUILT_FORM_MAX_FILE_MB} ميجابايت`,
  maxLength: (max: number) => `أقصى عدد للأحرف من 1 إلى ${max}`,
  minAboveMax: "أقل قيمة يجب ألا تزيد على أكبر قيمة",
  slugTaken: "هذا الرابط مستخدم لنموذج آخر، اختر رابطاً مختلفاً",
  consentText: "نص الموافقة مطلوب",
  closesAt: "اكتب تاريخ الإغلاق ووقته كاملين",
  retention: "مدة الحفظ بالأشهر من 1 إلى 120",
  maxAnswers: "أقصى عدد للإجابات عدد صحيح أكبر من صفر",
};

const INVALID = "طلب غير صالح";
const optionalNumber = (message: string) =>
  z.number({ error: message }).int(message).min(-1e9, message).max(1e9, message).optional();
const dayOrNothing = z
  .string({ error: INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "اكتب التاريخ كاملاً")
  .optional();

/** One field as the builder edits it: every property a kind may have, flat. */
const fieldDraft = z.object({
  key: z
    .string({ error: INVALID })
    .regex(/^[a-z][a-z0-9_]{0,30}$/, INVALID)
    .optional(),
  kind: z.enum(formFieldKinds, { error: "اختر نوع الحقل" }),
  label: z
    .string({ error: BUILDER_MESSAGES.labelRequired })
    .overwrite((text) => text.replace(/\s+/g, " ").trim())
    .min(1, BUILDER_MESSAGES.labelRequired)
    .max(300, "عنوان الحقل يجب ألا يزيد على 300 حرف"),
  help: optionalParagraphs(1000, "النص المساعد يجب ألا يزيد على 1000 حرف"),
  required: z.boolean({ error: INVALID }).default(false),
  maxLength: optionalNumber(BUILDER_MESSAGES.maxLength(LONG_TEXT_MAX)),
  min: optionalNumber("أقل قيمة عدد صحيح"),
  max: optionalNumber("أكبر قيمة عدد صحيح"),
  notBefore: dayOrNothing,
  notAfter: dayOrNothing,
  options: optionalParagraphs(3000, "الخيارات يجب ألا تزيد على 3000 حرف"),
  accept: z.enum(formFileKinds, { error: "اختر نوع الملف" }).optional(),
  maxMb: z
    .number({ error: BUILDER_MESSAGES.maxMb })
    .int(BUILDER_MESSAGES.maxMb)
    .min(1, BUILDER_MESSAGES.maxMb)
    .max(BUILT_FORM_MAX_FILE_MB, BUILDER_MESSAGES.maxMb)
    .optional(),
  text: optionalParagraphs(2000, "نص الموافقة يجب ألا يزيد على 2000 حرف"),
});

export type FieldDraft = z.input<typeof fieldDraft>;

const optionsOf = (text: string | undefined) => [
  ...new Set(
    (text ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/** A draft as the stored field of its kind (only the properties its kind has). */
export function fieldOf(draft: z.output<typeof fieldDraft>, key: string): FormField {
  const base = {
    key,
    label: draft.label,
    ...(draft.help ? { help: draft.help } : {}),
    required: draft.kind === "section" ? false : draft.kind === "consent" ? true : draft.required,
  };
  switch (draft.kind) {
    case "short_text":
    case "long_text": {
      const limit = draft.kind === "short_text" ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      return { ...base, kind: draft.kind, maxLength: Math.min(draft.maxLength ?? limit, limit) };
    }
    case "number":
      return { ...base, kind: draft.kind, min: draft.min, max: draft.max };
    case "date":
      return { ...base, kind: draft.kind, notBefore: draft.notBefore, notAfter: draft.notAfter };
    case "single_choice":
    case "multi_choice":
      return { ...base, kind: draft.kind, options: optionsOf(draft.options) };
    case "file":
      return {
        ...base,
        kind: draft.kind,
        accept: draft.accept ?? "pdf_or_image",
        maxMb: draft.maxMb ?? BUILT_FORM_DEFAULT_FILE_MB,
      };
    case "consent":
      return { ...base, kind: draft.kind, text: draft.text || DEFAULT_CONSENT_TEXT };
    default:
      return { ...base, kind: draft.kind };
  }
}

/** A stored field as the builder's draft. */
export function draftOf(field: FormField): FieldDraft {
  const draft: FieldDraft = {
    key: field.key,
    kind: field.kind,
    label: field.label,
    help: field.help,
    required: field.required,
  };
  if ("maxLength" in field) draft.maxLength = field.maxLength;
  if (field.kind === "number") Object.assign(draft, { min: field.min, max: field.max });
  if (field.kind === "date")
    Object.assign(draft, { notBefore: field.notBefore, notAfter: field.notAfter });
  if ("options" in field) draft.options = field.options.join("\n");
  if (field.kind === "file") Object.assign(draft, { accept: field.accept, maxMb: field.maxMb });
  if (field.kind === "consent") draft.text = field.text;
  return draft;
}

/** The next unused `f<n>` key of a list of drafts (a new field's stable key). */
export function nextFieldKey(drafts: readonly { key?: string }[] | undefined) {
  const numbers = (drafts ?? []).map((draft) => Number(/^f(\d+)$/.exec(draft.key ?? "")?.[1] ?? 0));
  return `f${Math.max(0, ...numbers) + 1}`;
}

const SLUG_REQUIRED = "الرابط مطلوب";

export const builtFormSchema = z
  .object({
    title: oneLineText(200, {
      required: "عنوان النموذج مطلوب",
      tooLong: "العنوان يجب ألا يزيد على 200 حرف",
    }),
    slug: z
      .string({ error: SLUG_REQUIRED })
      .max(1000, SLUG_REQUIRED)
      .transform(slugify)
      .pipe(
        z
          .string({ error: SLUG_REQUIRED })
          .min(1, SLUG_REQUIRED)
          .max(200, "الرابط يجب ألا يزيد على 200 حرف"),
      ),
    intro: optionalParagraphs(5000, "المقدمة يجب ألا تزيد على 5000 حرف"),
    fields: z
      .array(fieldDraft, { error: BUILDER_MESSAGES.noFields })
      .max(BUILT_FORM_MAX_FIELDS, BUILDER_MESSAGES.tooManyFields)
      .default([]),
    status: z.enum(builtFormStatuses, { error: "اختر حالة النموذج" }).default("draft"),
    isRequest: z.boolean({ error: INVALID }).default(false),
    thankYou: oneLineText(1000, {
      required: "نص الشكر مطلوب",
      tooLong: "نص الشكر يجب ألا يزيد على 1000 حرف",
    }),
    purpose: oneLineText(1000, {
      required: "اكتب لماذا تجمع هذه البيانات",
      tooLong: "الغرض يجب ألا يزيد على 1000 حرف",
    }),
    retentionMonths: z
      .number({ error: BUILDER_MESSAGES.retention })
      .int(BUILDER_MESSAGES.retention)
      .min(1, BUILDER_MESSAGES.retention)
      .max(120, BUILDER_MESSAGES.retention),
    closesAt: z
      .string({ error: BUILDER_MESSAGES.closesAt })
      .transform((value, ctx) => {
        const date = fromRiyadhInput(value.trim());
        if (!date) ctx.addIssue({ code: "custom", message: BUILDER_MESSAGES.closesAt });
        return date ?? z.NEVER;
      })
      .optional(),
    maxAnswers: z
      .number({ error: BUILDER_MESSAGES.maxAnswers })
      .int(BUILDER_MESSAGES.maxAnswers)
      .min(1, BUILDER_MESSAGES.maxAnswers)
      .max(1_000_000, BUILDER_MESSAGES.maxAnswers)
      .optional(),
    notifyUserIds: z
      .array(z.string({ error: INVALID }).max(100, INVALID), { error: INVALID })
      .max(50, INVALID)
      .default([]),
    version: editVersion,
  })
  .superRefine((value, ctx) => {
    const fields = Array.isArray(value.fields) ? value.fields : [];
    if (!fields.some((field) => field && field.kind !== "section")) {
      ctx.addIssue({ code: "custom", message: BUILDER_MESSAGES.noFields, path: ["fields"] });
    }
    const files = fields.filter((field) => field?.kind === "file");
    if (files.length > BUILT_FORM_MAX_FILE_FIELDS) {
      ctx.addIssue({ code: "custom", message: BUILDER_MESSAGES.tooManyFiles, path: ["fields"] });
    }
    const totalMb = files.reduce(
      (sum, field) => sum + (field.maxMb ?? BUILT_FORM_DEFAULT_FILE_MB),
      0,
    );
    if (totalMb > BUILT_FORM_MAX_TOTAL_FILE_MB) {
      ctx.addIssue({ code: "custom", message: BUILDER_MESSAGES.fileTotal, path: ["fields"] });
    }
    fields.forEach((field, index) => {
      if (!field) return;
      const choices = field.kind === "single_choice" || field.kind === "multi_choice";
      if (choices && optionsOf(field.options).length < 2) {
        const path = ["fields", index, "options"];
        ctx.addIssue({ code: "custom", message: BUILDER_MESSAGES.optionsRequired, path });
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        const path = ["fields", index, "max"];
        ctx.addIssue({ code: "custom", message: BUILDER_MESSAGES.minAboveMax, path });
      }
    });
  }, EVEN_IF_A_FIELD_FAILED)
  .transform(({ fields, ...form }) => {
    const used = new Set<string>();
    const stored = fields.map((draft, index) => {
      let key = draft.key && !used.has(draft.key) ? draft.key : `f${index + 1}`;
      while (used.has(key)) key = `${key}_`;
      used.add(key);
      return fieldOf(draft, key);
    });
    return { ...form, fields: stored };
  });

export type BuiltFormValues = z.output<typeof builtFormSchema>;
