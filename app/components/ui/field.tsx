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

/** The ids a field's control is described by: its errors when it has some, its hint when shown. */
export function useFieldDescription(meta: FieldMetadata<string | undefined>, hint?: string) {
  const hintId = useId();
  const describedBy =
    cn(meta.errors?.length ? meta.errorId : undefined, hint ? hintId : undefined) || undefined;
  return { hintId, describedBy };
}

/** A field's frame: its label, its control, its hint and its Arabic errors under it. */
export function FieldFrame({
  label,
  labelDetail,
  labelId,
  meta,
  hint,
  hintId,
  className,
  children,
}: FieldProps & { labelId?: string; hintId: string; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <label id={labelId} htmlFor={meta.id} className="block font-medium">
        {label}
        {labelDetail && <span className="sr-only"> {labelDetail}</span>}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * A labelled input bound to a Conform field, with its Arabic errors under it. Its box may be
 * narrower than the control's own minimum (a date-time field's parts): in a grid or flex row it
 * keeps to its column, and app.css wraps a date-time field's time under its date (issue 40).
 */
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
  const { hintId, describedBy } = useFieldDescription(meta, hint);
  return (
    <FieldFrame {...{ label, labelDetail, meta, hint, hintId, className }}>
      <input
        className={inputClass}
        {...getInputProps(meta, { type })}
        key={meta.key}
        {...rest}
        aria-describedby={describedBy}
      />
    </FieldFrame>
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
  const { hintId, describedBy } = useFieldDescription(meta, hint);
  return (
    <FieldFrame {...{ label, labelDetail, meta, hint, hintId, className }}>
      <textarea
        className={inputClass}
        rows={rows}
        {...getTextareaProps(meta)}
        key={meta.key}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}
