import type { FormField } from "./form-builder";

/** A built form as the public is shown it: its own page, a page's block, the builder's preview. */
export interface BuiltFormShown {
  slug: string;
  title: string;
  intro: string;
  fields: FormField[];
  purpose: string;
  retentionMonths: number;
}
