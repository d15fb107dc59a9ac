import { type DefaultValue, useForm } from "@conform-to/react";
import { useActionData } from "react-router";
import type { z } from "zod";
import type { ActionResult } from "~/shared/action-result";
import { browserValidation } from "~/shared/form-validation";
import { useErrorToast } from "./mutation-feedback";

/**
 * The Conform form of a staff form screen (posts, videos, images): the route action's last
 * answer, validation with the schema the action also uses (on blur, then as the user types),
 * and the load or save failure as the staff error toast.
 */
export function useStaffForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>({
  id,
  schema,
  defaultValue,
  loadError,
}: {
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  loadError: string | null;
}) {
  const lastResult = (useActionData() as ActionResult | undefined)?.reply;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    ...browserValidation(schema),
  });
  useErrorToast(loadError ?? form.errors?.[0]);
  return [form, fields] as const;
}

/** The name of the chosen category for a preview, or null (shown as general). */
export const categoryNameOf = (
  categories: { id: string; name: string }[],
  categoryId: string | undefined,
) => categories.find((category) => category.id === categoryId)?.name ?? null;
