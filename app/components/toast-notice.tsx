import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Toast } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import { onToastShown } from "./toast-queue";

/**
 * The page's lasting copy of its latest toast, in a live region at the top of the page: it is
 * there in the server's HTML (a reader's page shows the server's toast before, or without, its
 * app: docs/decisions/033) and stays after the toast itself has gone, until the next page.
 */
export function ToastNotice({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState<Toast | null>(toast);
  const { pathname } = useLocation();
  // A new page starts with the toast the server handed it, if any.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname marks a new page.
  useEffect(() => setShown(toast), [toast, pathname]);
  useEffect(() => onToastShown(setShown), []);
  return (
    <div
      role="status"
      className={cn(
        "text-base",
        shown && "border-b-2 px-4 py-3 text-center",
        shown?.type === "error"
          ? "border-danger bg-[#fef3f2] text-[#7a1a12]"
          : shown && "border-primary bg-primary-light text-primary-dark",
      )}
    >
      {shown && (
        <p>
          <strong className="font-bold">{shown.title}</strong>
          {shown.description && <span> — {shown.description}</span>}
        </p>
      )}
    </div>
  );
}
