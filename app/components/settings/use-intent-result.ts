import { useEffect } from "react";
import { useActionData } from "react-router";
import { showToast } from "~/components/toasts";
import type { ActionResult } from "~/shared/action-result";

/** Answers whose toast has been shown: a form re-mounted after a save must not show it again. */
const toastsShown = new WeakSet<ActionResult>();

/** The action's answer when it belongs to `intent`, showing its toast once. */
export function useIntentResult(intent: string): ActionResult | undefined {
  const actionData = useActionData() as ActionResult | undefined;
  const result = actionData?.intent === intent ? actionData : undefined;
  useEffect(() => {
    if (!result?.toast || toastsShown.has(result)) return;
    toastsShown.add(result);
    showToast(
      result.toast.type === "error" ? "error" : "success",
      result.toast.title,
      result.toast.description,
      undefined,
      !result.notice, // a form with its own lasting notice needs no second copy
    );
  }, [result]);
  return result;
}
