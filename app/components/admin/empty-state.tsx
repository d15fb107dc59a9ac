import type { LucideIcon } from "lucide-react";
import { Plus, SearchX } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * What a list shows when it has no rows: either nothing has been added yet (with a button to
 * add the first item, for those who may), or the search and filters matched nothing.
 */
export function EmptyState({
  searching,
  icon: Icon,
  emptyTitle,
  emptyText,
  addFirst,
}: {
  /** True when a search or filter is applied. */
  searching: boolean;
  icon: LucideIcon;
  emptyTitle: string;
  emptyText: string;
  /** Shown only when not searching; pass it only to users who can manage content. */
  addFirst?: { to: string; label: string };
}) {
  const ShownIcon = searching ? SearchX : Icon;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <ShownIcon aria-hidden className="size-12 text-primary/70" />
      <h2 className="text-xl">{searching ? "لا توجد نتائج مطابقة" : emptyTitle}</h2>
      <p className="max-w-md text-muted">
        {searching ? "لم نجد ما يطابق بحثك. جرّب كلمات أخرى أو غيّر التصفية." : emptyText}
      </p>
      {!searching && addFirst && (
        <Link to={addFirst.to} className={buttonClass("default", "lg")}>
          <Plus aria-hidden className="size-5" />
          {addFirst.label}
        </Link>
      )}
    </div>
  );
}
