import { useId } from "react";
import type { ChartRow } from "~/shared/statistic-charts";
import { formatCount } from "./number-format";

/**
 * The most counted as horizontal bars growing from the right: each row's label and figure are
 * HTML (they wrap and grow at 150 % text), the bar an SVG filled with `currentColor` and a
 * hatch, so it stays visible in forced colours and is not told apart by colour alone.
 */
export function BarChart({ rows }: { rows: ChartRow[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  const hatch = useId();
  return (
    <ol className="space-y-2">
      {rows.map((row, index) => (
        <li key={`${row.label} ${row.detail ?? ""}`} className="space-y-1">
          <p className="flex flex-wrap justify-between gap-x-3 text-sm">
            <span className="min-w-0 break-words" dir="auto">
              {row.label}
              {row.detail ? (
                <span className="block text-muted" dir="auto">
                  {row.detail}
                </span>
              ) : null}
            </span>
            <span className="font-semibold">{formatCount(row.count)}</span>
          </p>
          <svg
            viewBox="0 0 100 6"
            preserveAspectRatio="none"
            className="h-3 w-full text-primary"
            aria-hidden="true"
            focusable="false"
          >
            <defs>
              <pattern id={`${hatch}-${index}`} width="2" height="6" patternUnits="userSpaceOnUse">
                <rect width="1" height="6" fill="currentColor" />
              </pattern>
            </defs>
            <rect
              x={100 - (row.count / max) * 100}
              width={(row.count / max) * 100}
              height="6"
              fill={`url(#${hatch}-${index})`}
              stroke="currentColor"
              strokeWidth="0.6"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </li>
      ))}
    </ol>
  );
}
