import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { FieldErrors } from "~/components/ui/field";
import { cn } from "~/shared/cn";

/**
 * A fieldset of large checkboxes or radio buttons bound to a Conform field: the whole row is
 * the target, the legend names the question and the errors are read with it.
 */
export function ChoiceGroup({
  legend,
  meta,
  type,
  options,
  className,
}: {
  legend: string;
  meta: FieldMetadata<string | string[] | undefined>;
  type: "checkbox" | "radio";
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const inputs = getCollectionProps(meta, { type, options: options.map((option) => option.value) });
  return (
    <fieldset
      // The error summary's link leads here.
      id={meta.id}
      className={cn("space-y-2", className)}
      aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      aria-invalid={meta.errors?.length ? true : undefined}
    >
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {inputs.map((input, index) => (
          <label
            key={input.key}
            htmlFor={input.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-4 py-2 has-checked:border-primary has-checked:bg-primary-light"
          >
            <input {...input} key={input.key} className="size-6 shrink-0 accent-primary" />
            <span>{options[index].label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

export { HoneypotField } from "./honeypot-field";
