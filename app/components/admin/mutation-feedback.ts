import { useEffect } from "react";
import { showToast } from "~/components/toasts";
import type { ActionResult } from "~/shared/action-result";

/** The spec's staff error toast: a destructive toast titled 'خطأ' (§8). */
export function showErrorToast(description: string) {
  showToast("error", "خطأ", description);
}

/** Shows the failure a list action answered to a row button (successes come as flash toasts). */
export function useMutationFeedback(result: ActionResult | undefined) {
  useEffect(() => {
    if (result && !result.ok) showErrorToast(result.message);
  }, [result]);
}

/** Shows a load or save failure (e.g. 'فشل في تحميل المقالات') as the staff error toast. */
export function useErrorToast(message: string | null | undefined) {
  useEffect(() => {
    if (message) showErrorToast(message);
  }, [message]);
}
