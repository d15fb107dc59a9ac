import { lazy, Suspense, useEffect, useState } from "react";
import type { Toast } from "~/shared/action-result";
import { onToastQueued } from "./toast-queue";

const Toasts = lazy(() => import("~/components/toasts"));

/**
 * Toasts load only for a page that can show one: signed-in users (staff screens and the profile
 * call sonner's `toast` themselves) and any page the server handed a toast. A signed-out reader's
 * first visit carries none of it (docs/decisions/024).
 */
export function SiteToaster({ toast, signedIn }: { toast: Toast | null; signedIn: boolean }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (signedIn || toast) setWanted(true);
  }, [signedIn, toast]);
  // A toast asked for on the page (a form's answer, a copy button) brings the toaster too.
  useEffect(() => onToastQueued(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts toast={toast} />
    </Suspense>
  );
}
