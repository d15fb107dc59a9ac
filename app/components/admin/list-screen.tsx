import { type LucideIcon, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminPageHeader } from "./admin-page-header";
import { EmptyState } from "./empty-state";
import { LoadFailure } from "./load-failure";
import { useErrorToast } from "./mutation-feedback";
import { ListSkeleton, useIsLoadingPath } from "./pending-navigation";
import { type ListFilter, SearchBar } from "./search-bar";

/**
 * The frame of a staff list (videos, images): header with the "new" button for those who may
 * use it, the search bar, then one of — the list's placeholders (pending-navigation) while a
 * search loads, the load failure (also as a toast), the empty state, or the items.
 */
export function StaffListScreen({
  title,
  description,
  addNew,
  search,
  loadError,
  itemCount,
  empty,
  children,
}: {
  title: string;
  description: string;
  /** The main "new" button; pass it only to users who can manage content. */
  addNew?: { to: string; label: string };
  search: { label: string; placeholder?: string; filters?: ListFilter[]; active: boolean };
  loadError: string | null;
  itemCount: number;
  empty: {
    icon: LucideIcon;
    title: string;
    text: string;
    /** Label of the add-first button, shown with addNew only. */
    addFirstLabel: string;
  };
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const loading = useIsLoadingPath(pathname);
  useErrorToast(loadError);

  let body: ReactNode = children;
  if (loading) body = <ListSkeleton pathname={pathname} />;
  else if (loadError) body = <LoadFailure message={loadError} />;
  else if (itemCount === 0)
    body = (
      <EmptyState
        searching={search.active}
        icon={empty.icon}
        emptyTitle={empty.title}
        emptyText={empty.text}
        addFirst={addNew && { to: addNew.to, label: empty.addFirstLabel }}
      />
    );

  return (
    <div>
      <AdminPageHeader
        title={title}
        description={description}
        actions={
          addNew && (
            <Link to={addNew.to} className={buttonClass("default", "lg")}>
              <Plus aria-hidden className="size-5" />
              {addNew.label}
            </Link>
          )
        }
      />
      <SearchBar label={search.label} placeholder={search.placeholder} filters={search.filters} />
      {body}
    </div>
  );
}
