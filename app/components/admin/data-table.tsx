import type { ReactNode } from "react";
import { cn } from "~/shared/cn";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for the column's cells, e.g. "whitespace-nowrap". */
  className?: string;
}

/**
 * A staff list as a table when its column is wide enough and as cards otherwise — the same
 * markup, restyled, so every button exists once. In a card each cell shows its header as a
 * label. The first column is the row's title; `actions` renders the row's buttons.
 *
 * The switch is a container query in rem (`@4xl`, 56rem), not a screen width: the list's own
 * width counts (beside the sidebar or not), and larger text (a larger rem) keeps the cards
 * longer, so a table of long titles never grows wider than the screen (docs/decisions/042).
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  actions,
}: {
  caption: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  actions?: (row: Row) => ReactNode;
}) {
  const [titleColumn, ...otherColumns] = columns;
  return (
    <div className="@container">
      <table className="block w-full @4xl:table @4xl:overflow-hidden @4xl:rounded-2xl @4xl:border @4xl:border-line @4xl:bg-white">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-surface @4xl:table-header-group">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="p-3 text-start font-medium text-muted">
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="p-3 text-start font-medium text-muted">
                الإجراءات
              </th>
            )}
          </tr>
        </thead>
        <tbody className="grid items-start gap-4 @2xl:grid-cols-2 @4xl:table-row-group">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="block min-w-0 rounded-2xl border border-line bg-white p-4 shadow-sm @4xl:table-row @4xl:rounded-none @4xl:border-0 @4xl:border-t @4xl:p-0 @4xl:shadow-none"
            >
              {/* A long word (a link, an e-mail) wraps instead of widening the row. */}
              <td
                className={cn(
                  "block pb-2 wrap-anywhere @4xl:table-cell @4xl:min-w-48 @4xl:p-3",
                  titleColumn.className,
                )}
              >
                {titleColumn.cell(row)}
              </td>
              {otherColumns.map((column) => (
                <td
                  key={column.header}
                  className={cn(
                    "flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-line/60 py-2 break-words @4xl:table-cell @4xl:border-0 @4xl:p-3",
                    column.className,
                    // A column kept on one line in the table (a date) wraps in a narrow card.
                    "@max-4xl:whitespace-normal",
                  )}
                >
                  <span className="font-medium text-muted @4xl:hidden">{column.header}</span>
                  <span className="min-w-0">{column.cell(row)}</span>
                </td>
              ))}
              {actions && (
                <td className="block border-t border-line/60 pt-3 @4xl:table-cell @4xl:border-0 @4xl:p-3">
                  {/* Side by side in a card; one under the other, equally wide and compact, in
                      the table. */}
                  <div className="flex flex-wrap gap-2 @4xl:flex-col @4xl:items-stretch @4xl:[&_:is(a,button)]:min-h-9">
                    {actions(row)}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
