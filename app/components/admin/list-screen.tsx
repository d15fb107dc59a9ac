import { type LucideIcon, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { PageLinks } from "~/components/page-links";
import { buttonClass } from "~/components/ui/button";
import { AdminPageHeader } from "./admin-page-header";
import { EmptyState } from "./empty-state";
import { LoadFailure } from "./load-failure";
import { useErrorToast } from "./mutation-feedback";
import { ListSkeleton, useIsLoadingPath } from "./pending-navigation";
import { type ListFilter, SearchBar } from "./search-bar";

/** A counted list's pages and how its page links are named. */
interface ListPages {
  page: number;
  hasMore: boolean;
  /** The whole list's count. */
  total: number;
  pageCount: number;
  label: string;
  newer: string;
  older: string;
}

/**
 * The frame of a staff list (posts, videos, images): header with the "new" button for those
 * who may use it, the search bar, then one of — the list's placeholders (pending-navigation)
 * while a search loads, the load failure (also as a toast), the empty state, or the items (and,
 * for a counted list, its page links).
 */
export function StaffListScreen({
  title,
  description,
  addNew,
  search,
  loadError,
  itemCount,
  pages,
  empty,
  children,
}: {
  title: string;
  description: string;
  /** The main "new" button; pass it only to users who can manage content. */
  addNew?: { to: string; label: string };
  search: { label: string; placeholder?: string; filters?: ListFilter[]; active: boolean };
  loadError: string | null;
  /** Rows on this page; a counted list passes `pages` instead. */
  itemCount?: number;
  /** A counted list's pages, linked under the items. */
  pages?: ListPages;
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
  if (pages) {
    const { total, ...links } = pages;
    body = (
      <>
        {children}
        <PageLinks {...links} />
      </>
    );
  }
  // A counted list's whole count: a page past the end (after a delete) still links back.
  const isEmpty = (pages ? pages.total : itemCount) === 0;
  if (loading) body = <ListSkeleton pathname={pathname} />;
  else if (loadError) body = <LoadFailure message={loadError} />;
  else if (isEmpty)
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
