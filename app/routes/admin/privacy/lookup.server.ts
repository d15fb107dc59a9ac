import { parseForm } from "~/shared/form-validation";
import { privacyLookupSchema } from "~/shared/privacy";

/** The person the address bar names (`?contact=`): their contact, or the form's refusal. */
export function contactOfUrl(url: string) {
  const params = new URL(url).searchParams;
  if (!params.has("contact")) return null;
  return parseForm(params, { schema: privacyLookupSchema });
}
