import { Download } from "lucide-react";
import type { ChartDeclaration, ChartRow } from "~/shared/statistic-charts";
import { chartCells } from "~/shared/statistic-charts";
import { BarChart } from "./bar-chart";
import { DayChart } from "./day-chart";
import { formatCount } from "./number-format";

/**
 * One statistics chart as staff see it: its title, the drawing (hidden from screen readers),
 * the same figures in a table (in a details element, open to anyone), and its CSV file.
 */
export function ChartFigure({
  id,
  declaration,
  rows,
  csvHref,
  headingLevel = 3,
}: {
  id: string;
  declaration: ChartDeclaration;
  rows: ChartRow[];
  csvHref?: string;
  /** The title's level in its page's outline: 2 right under the page's title. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const headingId = `${id}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <Heading id={headingId} className="text-lg break-words">
        {declaration.title}
      </Heading>
      {total === 0 ? (
        <p className="text-muted">{declaration.empty}</p>
      ) : declaration.shape === "days" ? (
        <>
          <p>المجموع: {formatCount(total)}</p>
          <DayChart rows={rows} />
        </>
      ) : (
        <BarChart rows={rows} />
      )}
      {total > 0 && (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-primary">
            الأرقام في جدول
          </summary>
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{declaration.title}</caption>
              <thead>
                <tr>
                  {declaration.columns.map((column) => (
                    <th key={column} scope="col" className="p-2 text-start">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chartCells(declaration, rows).map((cells) => (
                  <tr key={cells.join(" ")} className="border-t border-line">
                    {cells.map((cell, index) => (
                      <td key={declaration.columns[index]} className="p-2 break-words" dir="auto">
                        {typeof cell === "number" ? formatCount(cell) : cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {csvHref && total > 0 && (
        <a
          href={csvHref}
          download
          className="mt-auto inline-flex min-h-11 items-center gap-2 self-start text-primary underline-offset-4 hover:underline"
        >
          <Download aria-hidden className="size-5" />
          تنزيل {declaration.title} (CSV)
        </a>
      )}
    </section>
  );
}
