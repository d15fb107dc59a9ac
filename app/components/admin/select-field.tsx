import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FieldErrors, inputClass } from "~/components/ui/field";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select bound to a Conform field (big, familiar, works on every phone). */
export function SelectField({
  label,
  meta,
  options,
  placeholder,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  options: SelectOption[];
  /** A first option with an empty value, e.g. "بدون تصنيف". */
  placeholder?: string;
}) {
  return (
    // min-w-0: in a grid or flex row the select keeps to its column, its longest option cut.
    <div className="min-w-0 space-y-1">
      <label htmlFor={meta.id} className="block font-medium">
        {label}
      </label>
      <select className={inputClass} {...getSelectProps(meta)} key={meta.key}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The category of a post, video or image; empty means uncategorised. */
export function CategorySelect({
  meta,
  categories,
}: {
  meta: FieldMetadata<string | undefined>;
  categories: { id: string; name: string }[];
}) {
  return (
    <SelectField
      label="التصنيف"
      meta={meta}
      placeholder="بدون تصنيف"
      options={categories.map((category) => ({ value: category.id, label: category.name }))}
    />
  );
}
