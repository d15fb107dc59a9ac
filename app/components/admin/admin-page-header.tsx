import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * The top of every staff screen: an optional back link, the one h1, a short description and
 * the screen's main actions (shown only to those who may use them).
 */
export function AdminPageHeader({
  title,
  description,
  actions,
  back,
  badge,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
  badge?: ReactNode;
}) {
  return (
    <header className="mb-6 space-y-3">
      {back && (
        <Link to={back.to} className={buttonClass("ghost", "sm")}>
          {/* In a right-to-left page "back" points right. */}
          <ArrowRight aria-hidden className="size-4" />
          {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-2xl wrap-anywhere md:text-3xl">{title}</h1>
            {badge}
          </div>
          {description && <p className="text-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
    </header>
  );
}
