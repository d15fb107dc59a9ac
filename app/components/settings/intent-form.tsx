import { type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors } from "~/components/ui/field";
import { browserValidation } from "~/shared/form-validation";
import { SubmitButton } from "./submit-button";
import { useIntentResult } from "./use-intent-result";

/**
 * A form answered by the action under `intent` (also its id): checked in the browser with the
 * action's schema, showing the action's answer and its toast once. `revalidate: "onSubmit"` for
 * a step whose one field is checked again only when sent again (a code, a password).
 */
export function useIntentForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  intent: string,
  schema: Schema,
  revalidate?: "onSubmit",
) {
  const result = useIntentResult(intent);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: intent,
    lastResult: result?.reply,
    ...browserValidation(schema),
    ...(revalidate && { shouldRevalidate: revalidate }),
  });
  return { result, form, fields };
}

/**
 * The frame of such a form: the error summary, its fields, the form's own errors and the submit
 * button (with its intent), then what follows the button (a link to another step).
 */
export function IntentForm<Schema extends Record<string, unknown>>({
  form,
  summary,
  submit,
  className = "space-y-5",
  preventScrollReset,
  children,
  footer,
}: {
  form: FormMetadata<Schema, string[]>;
  /** The fields the error summary names when the server refused them (see ErrorSummary). */
  summary?: ComponentProps<typeof ErrorSummary>["fields"];
  submit: ComponentProps<typeof SubmitButton>;
  className?: string;
  preventScrollReset?: boolean;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      preventScrollReset={preventScrollReset}
      className={className}
      {...getFormProps(form)}
    >
      <ErrorSummary fields={summary} />
      {children}
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton {...submit} />
      {footer}
    </Form>
  );
}
