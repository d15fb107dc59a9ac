import type { Toast } from "~/shared/action-result";

/**
 * Toasts asked for before the toaster is on the page. The toaster (and sonner) load on demand
 * (docs/decisions/024): a signed-out reader's page mounts it only when it has a toast to show, so
 * `showToast` queues here, tells SiteToaster to mount, and the toaster shows the queue once mounted.
 */
const queued: Toast[] = [];
const listeners = new Set<() => void>();

export function queueToast(toast: Toast) {
  queued.push(toast);
  for (const listener of listeners) listener();
}

/** SiteToaster hears here that a toast is waiting. */
export function onToastQueued(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts waiting, handed over once (the toaster has mounted). */
export const takeQueuedToasts = () => queued.splice(0);

const shownListeners = new Set<(toast: Toast) => void>();

/** Every toast shown, for the page's lasting copy of it (app/components/toast-notice.tsx). */
export function onToastShown(listener: (toast: Toast) => void) {
  shownListeners.add(listener);
  return () => {
    shownListeners.delete(listener);
  };
}

export function toastShown(toast: Toast) {
  for (const listener of shownListeners) listener(toast);
}
