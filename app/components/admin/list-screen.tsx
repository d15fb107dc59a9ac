import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { PageLinks } from "~/components/page-links";
import { buttonClass } from "~/components/ui/button";
import { type ContentType, staffSection, staffTitle } from "~/shared/content-types";
import { AdminPageHeader } from "./admin-page-header";
import { EmptyState } from "./empty-state";
import { LoadFailure } from "./load-failure";
import { useErrorToast } from "./mutation-feedback";
import { ListSkeleton, useIsLoadingPath } from "./pending-navigation";
import { type ListFilter, SearchBar } from "./search-bar";

/** A list's page: `total` and `pageCount` when the list is counted, else only whether more follow. */
export interface ListPage {
  page: number;
  hasMore: boolean;
  total?: number;
  pageCount?: number;
}

/** The status filter of a list, every status of its type offered by its word. */
export const statusFilter = (type: ContentType): ListFilter => ({
  name: "status",
  label: "الحالة",
  options: [
    { value: "", label: "كل الحالات" },
    ...type.statuses.map((status) => ({
      value: status,
      label: type.statusLabels[status] ?? status,
    })),
  ],
});

/** The browser tab's title of a content type's list (its route's `meta`). */
export const listMeta = (type: ContentType) => () => [{ title: staffTitle(type.plural) }];

/**
 * The frame of a content type's staff list, worded by its declaration (docs/decisions/063):
 * header with the "new" button, the search bar (when the type declares one), then one of — the
 * list's placeholders (pending-navigation) while a search loads, the load failure (also as a
 * toast), the empty state, or the items and their page links.
 */
export function StaffListScreen({
  type,
  filters,
  searching = false,
  loadError = null,
  page,
  itemCount,
  children,
}: {
  type: ContentType;
  filters?: ListFilter[];
  /** Whether a search or a filter is applied (the empty state then says nothing matched). */
  searching?: boolean;
  loadError?: string | null;
  page: ListPage;
  /** Rows on this page, for a list that is not counted. */
  itemCount?: number;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const loading = useIsLoadingPath(pathname);
  useErrorToast(loadError);
  const { list } = type;
  const newPath = staffSection(type.name).new;

  // A counted list's whole count: a page past the end (after a delete) still links back.
  const isEmpty = (page.total ?? itemCount) === 0;
  let body: ReactNode = (
    <>
      {children}
      <PageLinks
        page={page.page}
        hasMore={page.hasMore}
        pageCount={page.pageCount}
        {...list.pages}
      />
    </>
  );
  if (loading) body = <ListSkeleton pathname={pathname} />;
  else if (loadError) body = <LoadFailure message={loadError} />;
  else if (isEmpty)
    body = (
      <EmptyState
        searching={searching}
        icon={type.icon}
        emptyTitle={list.empty.title}
        emptyText={list.empty.text}
        addFirst={{ to: newPath, label: list.addFirstLabel }}
      />
    );

  return (
    <div>
      <AdminPageHeader
        title={type.plural}
        description={list.description}
        actions={
          <Link to={newPath} className={buttonClass("default", "lg")}>
            <Plus aria-hidden className="size-5" />
            {list.newLabel}
          </Link>
        }
      />
      {list.search && (
        <SearchBar
          label={list.search.label}
          placeholder={list.search.placeholder}
          filters={filters}
        />
      )}
      {body}
    </div>
  );
}
