import type { FieldMetadata } from "@conform-to/react";

/** One checkbox bound to a Conform field (sent as "on"), its errors read with it. */
export function CheckboxInput<Value>({
  meta,
  summaryLabel,
  className,
}: {
  meta: FieldMetadata<Value>;
  /** How the error summary names it, when its label is a whole sentence. */
  summaryLabel?: string;
  className: string;
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <input
      type="checkbox"
      id={meta.id}
      name={meta.name}
      value="on"
      defaultChecked={meta.initialValue === "on"}
      key={meta.key}
      data-summary-label={summaryLabel}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? meta.errorId : undefined}
      className={className}
    />
  );
}
