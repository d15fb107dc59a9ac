import { useEffect } from "react";
import { toast } from "sonner";
import type { MutationResult } from "~/utils/staff-actions.server";

/** The spec's staff error toast: a destructive toast titled 'خطأ' (§8). */
export function showErrorToast(description: string) {
  toast.error("خطأ", { description });
}

/** Shows the failure a list action answered to a row button (successes come as flash toasts). */
export function useMutationFeedback(result: MutationResult | undefined) {
  useEffect(() => {
    if (result && !result.ok) showErrorToast(result.error);
  }, [result]);
}

/** Shows a load or save failure (e.g. 'فشل في تحميل المقالات') as the staff error toast. */
export function useErrorToast(message: string | null | undefined) {
  useEffect(() => {
    if (message) showErrorToast(message);
  }, [message]);
}
