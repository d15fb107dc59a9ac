import { redirect } from "react-router";
import { displayCookies, parseContrast, parseTextSize } from "~/shared/display-preferences";
import { safeRedirect } from "~/shared/safe-redirect";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/display";

/**
 * The text-size and contrast form without JavaScript: remembers the choice in cookies and
 * returns to the page, which the server then renders at that size (docs/decisions/029).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const headers = new Headers();
  for (const cookie of displayCookies({
    textSize: parseTextSize(form.get("textSize")),
    contrast: parseContrast(form.get("contrast")),
  })) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(safeRedirect(form.get("returnTo")), { status: 303, headers });
}

export function loader() {
  return redirect("/");
}
