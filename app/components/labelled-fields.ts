import type { SummaryField } from "~/components/ui/error-summary";

/**
 * The error summary's entries of a form whose labels are declared once (`LABELS`): each labelled
 * field, in the labels' order.
 */
export const labelledFields = <Labels extends Record<string, string>>(
  fields: Record<keyof Labels, SummaryField["meta"]>,
  labels: Labels,
): SummaryField[] => Object.keys(labels).map((key) => ({ meta: fields[key], label: labels[key] }));
