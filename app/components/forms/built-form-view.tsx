import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { createContext, useContext, useMemo } from "react";
import { Form } from "react-router";
import { CheckboxInput } from "~/components/outreach/checkbox-input";
import { ChoiceGroup, HoneypotField } from "~/components/outreach/choice-group";
import { SubmitButton } from "~/components/settings/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { EmailField, MobileField } from "~/components/ui/person-fields";
import { answerSchema, FILE_KINDS } from "~/shared/built-form-answers";
import type { BuiltFormShown } from "~/shared/built-form-shown";
import { formatDate, formatHijriDate } from "~/shared/dates";
import type { FormField } from "~/shared/form-builder";
import { builtFormPath } from "~/shared/form-builder";
import { browserValidation } from "~/shared/form-validation";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

/**
 * A built form as the public fills it (its own page, a block of a page, the builder's preview):
 * its introduction, why it collects what it asks and for how long, its fields in order and the
 * send button. It posts to the form's own address, with or without JavaScript (docs/decisions/071).
 */

export const BUILT_FORM_INTENT = "built-form";

// biome-ignore lint/suspicious/noExplicitAny: a field of any kind (text, list, file).
type AnyMeta = FieldMetadata<any>;
const text = (meta: AnyMeta) => meta as FieldMetadata<string | undefined>;

const yesNoOptions = [
  { value: "yes", label: "نعم" },
  { value: "no", label: "لا" },
];

/** The label with "(اختياري)" when the field may be left empty. */
const labelOf = (field: FormField) => (field.required ? field.label : `${field.label} (اختياري)`);

function DateField({ field, meta }: { field: FormField; meta: AnyMeta }) {
  const value =
    typeof meta.value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(meta.value) ? meta.value : null;
  const shown = value
    ? `${formatDate(`${value}T12:00:00Z`)} — ${formatHijriDate(`${value}T12:00:00Z`)}`
    : null;
  const hint = [field.help, shown].filter(Boolean).join(" · ") || undefined;
  return (
    <InputField
      label={labelOf(field)}
      meta={text(meta)}
      type={"date" as "text"}
      dir="ltr"
      hint={hint}
      min={field.kind === "date" ? field.notBefore : undefined}
      max={field.kind === "date" ? field.notAfter : undefined}
    />
  );
}

function FileField({ field, meta }: { field: FormField & { kind: "file" }; meta: AnyMeta }) {
  const hint = `${FILE_KINDS[field.accept].words}، حتى ${field.maxMb} ميجابايت`;
  const describedBy = meta.errors?.length ? meta.errorId : undefined;
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={meta.id} className="block font-medium">
        {labelOf(field)}
      </label>
      <input
        {...getInputProps(meta, { type: "file" })}
        key={meta.key}
        accept={FILE_KINDS[field.accept].accept}
        aria-describedby={describedBy}
        className="block w-full rounded-xl border border-field bg-white px-4 py-3"
      />
      <p className="text-sm text-muted">{field.help ? `${field.help} · ${hint}` : hint}</p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** One field of the form, by its kind. */
export function BuiltFormField({ field, meta }: { field: FormField; meta: AnyMeta }) {
  const label = labelOf(field);
  const SectionHeading = useContext(HeadingLevel);
  switch (field.kind) {
    case "section":
      return (
        <div className="space-y-1 border-t border-line pt-4">
          <SectionHeading className="text-xl font-bold text-primary-dark">
            {field.label}
          </SectionHeading>
          {field.help && <p className="text-muted">{field.help}</p>}
        </div>
      );
    case "short_text":
      return (
        <InputField label={label} meta={text(meta)} hint={field.help} maxLength={field.maxLength} />
      );
    case "long_text":
      return <TextareaField label={label} meta={text(meta)} hint={field.help} rows={4} />;
    case "number":
      return (
        <InputField
          label={label}
          meta={text(meta)}
          hint={field.help}
          inputMode="decimal"
          dir="ltr"
        />
      );
    case "mobile":
      return <MobileField label={label} meta={text(meta)} hint={field.help} />;
    case "email":
      return <EmailField label={label} meta={text(meta)} hint={field.help} />;
    case "date":
      return <DateField field={field} meta={meta} />;
    case "single_choice":
    case "multi_choice":
    case "yes_no":
      return (
        <ChoiceGroup
          legend={label}
          meta={meta as FieldMetadata<string | string[] | undefined>}
          type={field.kind === "multi_choice" ? "checkbox" : "radio"}
          options={
            "options" in field
              ? field.options.map((option) => ({ value: option, label: option }))
              : yesNoOptions
          }
        />
      );
    case "file":
      return <FileField field={field} meta={meta} />;
    case "consent":
      return (
        <div className="space-y-1">
          <label
            htmlFor={meta.id}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4"
          >
            <CheckboxInput
              meta={meta}
              summaryLabel={field.label}
              className="mt-0.5 size-6 shrink-0 accent-primary"
            />
            <span>{field.text}</span>
          </label>
          <FieldErrors id={meta.errorId} errors={meta.errors} />
        </div>
      );
  }
}

/**
 * The level of the form's own headings (sections, the privacy note): one below the heading the
 * form sits under — h2 on its own page (under the h1), h3 in a page's form block (under an h2).
 */
const HeadingLevel = createContext<"h2" | "h3">("h3");

/** Why the form collects what it asks, and for how long: shown before sending. */
export function FormPrivacy({
  purpose,
  retentionMonths,
}: Pick<BuiltFormShown, "purpose" | "retentionMonths">) {
  const Heading = useContext(HeadingLevel);
  return (
    <section
      aria-label="لماذا نجمع هذه البيانات"
      className="flex gap-3 rounded-2xl bg-primary-light/60 p-4"
    >
      <ShieldCheck aria-hidden className="size-6 shrink-0 text-primary" />
      <div className="space-y-1">
        <Heading className="font-bold">لماذا نجمع هذه البيانات</Heading>
        <p>{purpose}</p>
        <p className="text-sm text-muted">
          نحتفظ بإجابتك {retentionMonths}{" "}
          {retentionMonths > 2 && retentionMonths < 11 ? "أشهر" : "شهراً"} ثم نحذفها مع ملفاتها.
        </p>
      </div>
    </section>
  );
}

/** The whole form, posting to its own address. */
export function BuiltFormView({
  headingLevel = "h3",
  ...props
}: {
  form: BuiltFormShown;
  lastResult?: SubmissionResult<string[]> | null;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <HeadingLevel.Provider value={headingLevel}>
      <BuiltFormBody {...props} />
    </HeadingLevel.Provider>
  );
}

function BuiltFormBody({
  form: shown,
  lastResult,
}: {
  form: BuiltFormShown;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const schema = useMemo(() => answerSchema(shown.fields), [shown.fields]);
  const [form, metas] = useForm({
    id: `built-form-${shown.slug}`,
    lastResult,
    ...browserValidation(schema),
  });
  const asking = shown.fields.filter((field) => field.kind !== "section");
  const hasFile = shown.fields.some((field) => field.kind === "file");
  const metaOf = (key: string) => (metas as unknown as Record<string, AnyMeta>)[key];
  return (
    <Form
      method="post"
      action={builtFormPath(shown.slug)}
      encType={hasFile ? "multipart/form-data" : undefined}
      className="relative space-y-6 text-start"
      {...getFormProps(form)}
    >
      <ErrorSummary
        fields={asking.map((field) => ({ meta: metaOf(field.key), label: field.label }))}
      />
      <HoneypotField name={HONEYPOT_FIELD} />
      {shown.fields.map((field) => (
        <BuiltFormField key={field.key} field={field} meta={metaOf(field.key)} />
      ))}
      <FormPrivacy purpose={shown.purpose} retentionMonths={shown.retentionMonths} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent={BUILT_FORM_INTENT} size="lg" pendingLabel="جارٍ الإرسال…">
        أرسل
      </SubmitButton>
    </Form>
  );
}
