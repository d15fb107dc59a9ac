import type { ReactNode } from "react";
import { cn } from "~/shared/cn";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for the column's cells, e.g. "whitespace-nowrap". */
  className?: string;
}

/**
 * A staff list as a table on wide screens and as one card per row on phones — the same
 * markup, restyled, so every button exists once. On phones each cell shows its header as a
 * label. The first column is the row's title; `actions` renders the row's buttons.
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
    <table className="block w-full md:table md:overflow-hidden md:rounded-2xl md:border md:border-line md:bg-white">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden bg-surface md:table-header-group">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className="p-4 text-start font-medium text-muted">
              {column.header}
            </th>
          ))}
          {actions && (
            <th scope="col" className="p-4 text-start font-medium text-muted">
              الإجراءات
            </th>
          )}
        </tr>
      </thead>
      <tbody className="block space-y-4 md:table-row-group md:space-y-0">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className="block rounded-2xl border border-line bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none"
          >
            <td
              className={cn("block pb-2 md:table-cell md:min-w-56 md:p-4", titleColumn.className)}
            >
              {titleColumn.cell(row)}
            </td>
            {otherColumns.map((column) => (
              <td
                key={column.header}
                className={cn(
                  "flex items-center justify-between gap-4 border-t border-line/60 py-2 md:table-cell md:border-0 md:p-4",
                  column.className,
                )}
              >
                <span className="font-medium text-muted md:hidden">{column.header}</span>
                <span>{column.cell(row)}</span>
              </td>
            ))}
            {actions && (
              <td className="block border-t border-line/60 pt-3 md:table-cell md:border-0 md:p-4">
                {/* Side by side in a card; one under the other, equally wide and compact, in
                    the table. */}
                <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch md:[&_:is(a,button)]:min-h-9">
                  {actions(row)}
                </div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
