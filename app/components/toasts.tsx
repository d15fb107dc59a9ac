import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { Toast } from "~/shared/action-result";
import { queueToast, takeQueuedToasts, toastShown } from "./toast-queue";

export type ToastType = Toast["type"];

/** A success stays 10 s (time for slower readers); an error stays until it is dismissed. */
const SUCCESS_MS = 10_000;

/**
 * The one way to show a toast (sonner's region announces it to screen readers). It is copied to
 * the page's lasting notice (ToastNotice) unless the form shows its own (`onPage: false`).
 */
export function showToast(
  type: ToastType,
  title: string,
  description?: string,
  id?: string,
  onPage = true,
) {
  if (onPage) toastShown({ type, title, description, id });
  if (!mounted) return queueToast({ type, title, description, id });
  const show = type === "error" ? toast.error : type === "info" ? toast.info : toast.success;
  show(title, {
    id,
    description,
    duration: type === "error" ? Number.POSITIVE_INFINITY : SUCCESS_MS,
  });
}

/** Whether the toaster is on the page; until it is, toasts wait in the queue. */
let mounted = false;

/**
 * The toasts' place — Arabic labels, 18 px text, 44 px close button, 4.5:1 colours — and the toast
 * the server handed this page. Loaded on demand by SiteToaster (app/components/toaster.tsx).
 */
export default function Toasts({ toast: handed }: { toast: Toast | null }) {
  useEffect(() => {
    mounted = true;
    for (const queued of takeQueuedToasts())
      showToast(queued.type, queued.title, queued.description, queued.id, false);
    return () => {
      mounted = false;
    };
  }, []);
  useEffect(() => {
    if (handed) showToast(handed.type, handed.title, handed.description, handed.id, false);
  }, [handed]);
  return (
    <Toaster
      position="top-right"
      visibleToasts={1}
      dir="rtl"
      closeButton
      // sonner would add its shortcut ("alt+T") to the region's name in English.
      customAriaLabel="الإشعارات"
      toastOptions={{
        // The site draws them (app/app.css); sonner's injected look would win over any layer.
        unstyled: true,
        closeButtonAriaLabel: "إغلاق الإشعار",
        classNames: {
          toast: "site-toast",
          title: "site-toast-title",
          description: "site-toast-description",
          closeButton: "site-toast-close",
          success: "site-toast-success",
          error: "site-toast-error",
          info: "site-toast-info",
        },
      }}
    />
  );
}
