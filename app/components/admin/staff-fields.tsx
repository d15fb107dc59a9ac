import type { FieldMetadata } from "@conform-to/react";
import { SelectField } from "~/components/admin/select-field";
import { CheckboxInput } from "~/components/outreach/checkbox-input";
import { FieldErrors, InputField } from "~/components/ui/field";
import { type ContentType, statusOptions } from "~/shared/content-types";

// The field blocks the staff edit forms share (docs/decisions/063): each written once here.

/** The status of an entry of `type`: its statuses in their order, each with its declared word. */
export function StatusSelect<Status extends string>({
  meta,
  type,
}: {
  meta: FieldMetadata<string | undefined>;
  type: ContentType<Status>;
}) {
  return <SelectField label="الحالة" meta={meta} options={statusOptions(type)} />;
}

const INPUT_KINDS = {
  /** A date and time typed in Riyadh time (the browser's own picker). */
  datetime: { type: "datetime-local" as "text" },
  /** A calendar date, its digits left to right. */
  date: { type: "date" as "text", dir: "ltr" },
  /** A whole number, typed left to right with the phone's number pad. */
  number: { inputMode: "numeric", dir: "ltr" },
  /** A file to upload (the form is multipart), its kinds in `accept`, its limit in the label. */
  file: { type: "file" as "text" },
} as const;

/** A date, date-time, whole-number or file field, whatever its parsed value (Conform reads text). */
export function TypedInputField<Value>({
  kind,
  meta,
  ...rest
}: {
  kind: keyof typeof INPUT_KINDS;
  label: string;
  meta: FieldMetadata<Value>;
  hint?: string;
  accept?: string;
}) {
  const text = meta as unknown as FieldMetadata<string | undefined>;
  return <InputField {...rest} {...INPUT_KINDS[kind]} meta={text} />;
}

/** One yes/no setting in a tappable box, its errors under it. */
export function CheckboxField<Value>({
  meta,
  label,
}: {
  meta: FieldMetadata<Value>;
  label: string;
}) {
  return (
    <div className="space-y-1">
      <label
        htmlFor={meta.id}
        className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white p-3"
      >
        <CheckboxInput meta={meta} className="size-6 shrink-0 accent-primary" />
        <span>{label}</span>
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
