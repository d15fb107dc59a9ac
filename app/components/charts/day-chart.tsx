import type { ChartRow } from "~/shared/statistic-charts";
import { formatCount } from "./number-format";

const WIDTH = 600;
const HEIGHT = 160;

/**
 * A count per day as a line with a dot per day, drawn in SVG with `currentColor` (so forced
 * colours draw it in the system's text colour). Time runs right to left, as Arabic reads: the
 * first day at the right edge, today at the left (docs/decisions/074). The labels are HTML
 * around the drawing, so they grow with the reader's text size.
 */
export function DayChart({ rows }: { rows: ChartRow[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  const step = rows.length > 1 ? WIDTH / (rows.length - 1) : 0;
  const points = rows.map((row, index) => ({
    x: WIDTH - index * step,
    y: HEIGHT - (row.count / max) * (HEIGHT - 10) - 5,
  }));
  const first = rows[0];
  const last = rows.at(-1);
  return (
    <div className="space-y-1">
      <p className="text-sm text-muted">الأعلى: {formatCount(max)}</p>
      <svg
        viewBox={`-6 0 ${WIDTH + 12} ${HEIGHT}`}
        className="h-40 w-full text-primary-dark"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1="-6"
          x2={WIDTH + 6}
          y1={HEIGHT - 1}
          y2={HEIGHT - 1}
          stroke="currentColor"
          strokeOpacity="0.4"
        />
        <polyline
          points={points.map(({ x, y }) => `${x},${y}`).join(" ")}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          vectorEffect="non-scaling-stroke"
        />
        {rows.length <= 31 &&
          points.map(({ x, y }, index) => (
            <circle key={rows[index]?.label} cx={x} cy={y} r="4" fill="currentColor" />
          ))}
      </svg>
      <p className="flex flex-wrap justify-between gap-2 text-sm text-muted">
        <span>{first?.label}</span>
        <span>{last?.label}</span>
      </p>
    </div>
  );
}
