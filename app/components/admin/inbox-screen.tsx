import { Download, type LucideIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { PageLinks } from "~/components/page-links";
import { buttonClass } from "~/components/ui/button";
import { formatShortDate, isoDate } from "~/shared/dates";
import {
  fieldsAt,
  type InboxDeclaration,
  type InboxField,
  type InboxRow,
  isEmpty,
  nameOf,
} from "~/shared/inbox-fields";
import { localMobile } from "~/shared/outreach-fields";
import { hasRole } from "~/shared/roles";
import { AdminPageHeader } from "./admin-page-header";
import { DataTable } from "./data-table";
import { EmptyState } from "./empty-state";
import { ConfirmDeleteButton } from "./row-actions";
import { SearchBar } from "./search-bar";
import { useStaffActor } from "./use-staff-actor";

/**
 * The screens of an inbox (docs/decisions/069), from its declaration in `~/shared/inbox-fields`: the
 * header with the CSV button, what the screen adds above the list (filters, counts), the whole
 * list's count, the empty state or the list, and its page links.
 */

/** Where a counted list is, as its loader says. */
export interface InboxPage {
  page: number;
  hasMore: boolean;
  pageCount: number;
}

export function InboxScreen<Row>({
  inbox,
  csvHref,
  title = inbox.title,
  description = inbox.description,
  back,
  icon,
  searching,
  total,
  pages,
  above,
  children,
}: {
  inbox: InboxDeclaration<Row>;
  /** The CSV export of what the screen lists (its filters kept). */
  csvHref: string;
  title?: string;
  description?: string;
  back?: { to: string; label: string };
  icon: LucideIcon;
  /** Whether the list is narrowed by the screen's own form; the declared search says it itself. */
  searching?: boolean;
  total: number;
  /** The list's page links under it; a screen that places them itself leaves this out. */
  pages?: InboxPage;
  /** Filters or counts between the header and the list. */
  above?: ReactNode;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const { search } = inbox;
  // A narrowed list that comes back empty says that nothing matched, not that nothing came.
  const narrowed =
    searching ??
    Boolean(search && ["q", ...search.filters.map((f) => f.name)].some((name) => params.get(name)));
  return (
    <>
      <AdminPageHeader
        title={title}
        description={description}
        back={back}
        actions={
          <a href={csvHref} className={buttonClass("outline")} download>
            <Download aria-hidden className="size-5" />
            تنزيل CSV
          </a>
        }
      />
      {search && (
        <SearchBar label={search.label} placeholder={search.placeholder} filters={search.filters} />
      )}
      {above}
      {inbox.countLabel && (
        <p role="status" className="mb-4 text-muted">
          {inbox.countLabel}: {total.toLocaleString("en")}
        </p>
      )}
      {total === 0 ? (
        <EmptyState
          searching={narrowed}
          icon={icon}
          emptyTitle={inbox.empty.title}
          emptyText={inbox.empty.text}
        />
      ) : (
        children
      )}
      {pages && <InboxPageLinks inbox={inbox} pages={pages} />}
    </>
  );
}

export function InboxPageLinks<Row>({
  inbox,
  pages,
  hash,
}: {
  inbox: InboxDeclaration<Row>;
  pages: InboxPage;
  hash?: string;
}) {
  return <PageLinks {...pages} {...inbox.pages} hash={hash} />;
}

/**
 * A value as the screen shows it: a mobile to dial, an address left to right, a date. A plain
 * function, not a component: a page of cards calls it ~250 times (docs/decisions/071 "Speed").
 */
function shownValue(kind: InboxField<unknown>["kind"], value: unknown): ReactNode {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "phone":
      return (
        <a href={`tel:${value}`} dir="ltr" className="target-link underline">
          {localMobile(String(value))}
        </a>
      );
    case "email":
      return (
        <span dir="ltr" className="wrap-anywhere">
          {String(value)}
        </span>
      );
    case "date":
      return <time dateTime={isoDate(value as Date)}>{formatShortDate(value as Date)}</time>;
    default:
      return String(value);
  }
}

/** A field's value as the screen shows it: a mobile to dial, an address left to right, a date. */
export function FieldValue<Row>({ field, row }: { field: InboxField<Row>; row: Row }) {
  return <>{shownValue(field.kind, field.value(row))}</>;
}

/** The "delete this person's data" button, for those the declaration lets erase. */
export function EraseButton<Row extends InboxRow>({
  inbox,
  row,
}: {
  inbox: InboxDeclaration<Row>;
  row: Row;
}) {
  const actor = useStaffActor();
  if (!inbox.erase || !hasRole(actor, inbox.erase.role)) return null;
  return (
    <ConfirmDeleteButton
      id={row.id}
      title={nameOf(inbox, row)}
      message={inbox.erase.confirmation}
    />
  );
}

/**
 * One card per person: the name as its heading, the badge, the details, the note, and beside
 * them (when the list is wide enough) what staff do with it and the erase button.
 */
export function InboxCards<Row extends InboxRow>({
  inbox,
  rows,
  label,
  actions,
}: {
  inbox: InboxDeclaration<Row>;
  rows: Row[];
  label?: string;
  /** What staff do with a row besides erasing it (a status form, an attendance button). */
  actions?: (row: Row) => ReactNode;
}) {
  const [title] = fieldsAt(inbox, "title");
  const badges = fieldsAt(inbox, "badge");
  const details = fieldsAt(inbox, "detail");
  const notes = fieldsAt(inbox, "note");
  return (
    <ul className="@container space-y-4" aria-label={label}>
      {rows.map((row) => (
        // The side column goes beside the details only when the list is wide enough for both
        // (a container query in rem: beside the sidebar and with larger text it stays below).
        <li
          key={row.id}
          className="grid gap-4 rounded-2xl border border-line bg-white p-5 @3xl:grid-cols-[minmax(0,1fr)_18rem]"
        >
          <div className="min-w-0 space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="min-w-0 text-xl break-words">{title && String(title.value(row))}</h2>
              {badges.map((field) => (
                <span
                  key={field.label}
                  className="rounded-full bg-primary-light px-3 py-1 text-sm text-primary-dark"
                >
                  {shownValue(field.kind, field.value(row))}
                </span>
              ))}
            </div>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
              {details.map((field) => {
                const value = field.value(row);
                if (isEmpty(value)) return null;
                return (
                  <Fragment key={field.label}>
                    <dt className="text-muted">{field.label}</dt>
                    <dd>{shownValue(field.kind, value)}</dd>
                  </Fragment>
                );
              })}
            </dl>
            {notes.map((field) => {
              const value = field.value(row);
              if (isEmpty(value)) return null;
              return (
                <p
                  key={field.label}
                  className="whitespace-pre-line rounded-xl bg-surface p-3 wrap-anywhere"
                >
                  {shownValue(field.kind, value)}
                </p>
              );
            })}
          </div>
          <div className="min-w-0 space-y-3">
            {actions?.(row)}
            <EraseButton inbox={inbox} row={row} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The rows as a table (cards on a narrow list), a column per field shown on the screen. */
export function InboxTable<Row extends InboxRow>({
  inbox,
  rows,
  caption,
}: {
  inbox: InboxDeclaration<Row>;
  rows: Row[];
  caption: string;
}) {
  const actor = useStaffActor();
  const mayErase = Boolean(inbox.erase && hasRole(actor, inbox.erase.role));
  return (
    <DataTable
      caption={caption}
      rows={rows}
      rowKey={(row) => row.id}
      columns={inbox.fields
        .filter((field) => field.place !== "file")
        .map((field) => ({
          header: field.label,
          className: field.kind === "date" ? "whitespace-nowrap" : undefined,
          cell: (row: Row) => <FieldValue field={field} row={row} />,
        }))}
      actions={mayErase ? (row) => <EraseButton inbox={inbox} row={row} /> : undefined}
    />
  );
}
