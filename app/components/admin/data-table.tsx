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
 * label (its `data-label`). The first column is the row's title; `actions` renders the row's
 * buttons.
 *
 * The switch is a container query in rem (`@4xl`, 56rem), not a screen width: the list's own
 * width counts (beside the sidebar or not), and larger text (a larger rem) keeps the cards
 * longer, so a table of long titles never grows wider than the screen (docs/decisions/042).
 * The parts are styled by `.data-table` in app/app.css, not by classes on every cell: a list of
 * 50 rows has ~400 cells, and their class lists and label spans were most of its render
 * (docs/decisions/080).
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
  // A column kept on one line in the table (a date) wraps in a narrow card. Worked out once per
  // list, not per cell.
  const cellClasses = otherColumns.map(
    (column) => column.className && cn(column.className, "@max-4xl:whitespace-normal"),
  );
  return (
    <div className="@container">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            {actions && <th scope="col">الإجراءات</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <td className={titleColumn.className}>{titleColumn.cell(row)}</td>
              {otherColumns.map((column, index) => (
                <td key={column.header} data-label={column.header} className={cellClasses[index]}>
                  <span>{column.cell(row)}</span>
                </td>
              ))}
              {actions && (
                <td className="row-actions">
                  {/* Compact in the table (a utility: it must beat the buttons' own height). */}
                  <div className="@4xl:[&_:is(a,button)]:min-h-9">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
