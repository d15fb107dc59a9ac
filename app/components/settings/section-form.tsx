import { type DefaultValue, type FormMetadata, useForm } from "@conform-to/react";
import type { z } from "zod";
import { browserValidation } from "~/shared/form-validation";
import type { SettingsIntent } from "~/shared/settings-schemas";
import { IntentForm } from "./intent-form";
import { useIntentResult } from "./use-intent-result";

/**
 * The form of one administrators' section: validated in the browser with the schema the
 * server uses, answered by the settings action for `intent` (its toast shows once).
 *
 * Only refusals reach Conform (to show their messages). After a successful save the section
 * is re-mounted with the stored value as its default (see SiteSettingsSections' keys), so it
 * shows the value as stored — an IBAN without spaces, a site address without its trailing
 * slash — whichever of the action's answer and the refreshed data arrives first.
 */
export function useSectionForm<Schema extends z.ZodObject>(
  intent: SettingsIntent,
  schema: Schema,
  defaultValue: DefaultValue<z.input<Schema>>,
) {
  const result = useIntentResult(intent);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: intent,
    lastResult: result?.ok === false ? result.reply : undefined,
    defaultValue,
    ...browserValidation(schema),
  });
}

/** The frame of a section's form: its fields, the form-level errors and the save button. */
export function SectionForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  submitLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: SettingsIntent;
  /** Names what is saved ("حفظ الروابط"): the page has several save buttons. */
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    // The page is long: stay at this section after saving instead of jumping to the top.
    <IntentForm
      form={form}
      preventScrollReset
      submit={{ intent, pendingLabel: "جارٍ الحفظ…", children: submitLabel }}
    >
      {children}
    </IntentForm>
  );
}
