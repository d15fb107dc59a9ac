import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { useId } from "react";
import { cn } from "~/shared/cn";
import { FieldErrors } from "./field-errors";

export { FieldErrors };

export const inputClass =
  "w-full rounded-xl border border-field bg-white px-4 py-3 text-ink placeholder:text-muted/70 focus:border-primary aria-[invalid=true]:border-danger";

type FieldProps = {
  label: string;
  /** Words heard after the label but not shown, where a visible label repeats on the page. */
  labelDetail?: string;
  meta: FieldMetadata<string | undefined>;
  hint?: string;
  className?: string;
};

/** A labelled input bound to a Conform field, with its Arabic errors under it. */
export function InputField({
  label,
  labelDetail,
  meta,
  hint,
  className,
  type = "text",
  ...rest
}: FieldProps & { type?: "text" | "email" | "password" | "url" | "tel" } & Omit<
    React.InputHTMLAttributes<HTMLInputElement>,
    "type"
  >) {
  const hintId = useId();
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={meta.id} className="block font-medium">
        {label}
        {labelDetail && <span className="sr-only"> {labelDetail}</span>}
      </label>
      <input
        className={inputClass}
        {...getInputProps(meta, { type })}
        key={meta.key}
        {...rest}
        aria-describedby={
          cn(meta.errors?.length ? meta.errorId : undefined, hint ? hintId : undefined) || undefined
        }
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  labelDetail,
  meta,
  hint,
  className,
  rows = 5,
}: FieldProps & { rows?: number }) {
  const hintId = useId();
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={meta.id} className="block font-medium">
        {label}
        {labelDetail && <span className="sr-only"> {labelDetail}</span>}
      </label>
      <textarea
        className={inputClass}
        rows={rows}
        {...getTextareaProps(meta)}
        key={meta.key}
        aria-describedby={
          cn(meta.errors?.length ? meta.errorId : undefined, hint ? hintId : undefined) || undefined
        }
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
