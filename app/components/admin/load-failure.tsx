import { RotateCcw } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * What a staff screen shows in place of its data when loading it failed (the spec's message,
 * e.g. 'فشل في تحميل الفيديوهات'), with a retry that runs the screen's loader again.
 */
export function LoadFailure({ message }: { message: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-danger/30 bg-white p-6">
      <p role="alert" className="font-medium text-danger">
        {message}
      </p>
      <Link to={{ pathname, search }} replace className={buttonClass("outline")}>
        <RotateCcw aria-hidden className="size-5" />
        إعادة المحاولة
      </Link>
    </div>
  );
}
