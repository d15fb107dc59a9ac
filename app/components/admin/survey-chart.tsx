import type { QuestionResult } from "~/shared/survey-results";

const ROW = 44;
const LABEL_WIDTH = 0;
const BAR_MAX = 520;
const WIDTH = 640;

/**
 * The average of each question as a horizontal bar out of 5, drawn as SVG on the server (no
 * script, no chart library). The numbers are in the table beside it, so the chart is an image
 * with a summary for screen readers.
 */
export function SurveyChart({ questions }: { questions: QuestionResult[] }) {
  const height = questions.length * ROW + 24;
  const summary = questions
    .map((q) => `${q.text}: ${q.average === null ? "لا إجابات" : q.average.toFixed(1)}`)
    .join("، ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`متوسط التقييم لكل سؤال من 5: ${summary}`}
      className="h-auto w-full max-w-3xl"
      direction="rtl"
    >
      {[0, 1, 2, 3, 4, 5].map((tick) => {
        const x = WIDTH - LABEL_WIDTH - (tick / 5) * BAR_MAX - 8;
        return (
          <g key={tick}>
            <line x1={x} x2={x} y1={0} y2={height - 20} stroke="#e5e7eb" />
            <text x={x} y={height - 4} fontSize="13" textAnchor="middle" fill="#6b7280">
              {tick}
            </text>
          </g>
        );
      })}
      {questions.map((question, index) => {
        const width = ((question.average ?? 0) / 5) * BAR_MAX;
        const y = index * ROW + 6;
        return (
          <g key={question.key}>
            <rect
              x={WIDTH - 8 - width}
              y={y}
              width={width}
              height={ROW - 16}
              rx="6"
              fill="#0f6b5c"
            />
            <text
              x={WIDTH - 16}
              y={y + (ROW - 16) / 2 + 5}
              fontSize="14"
              fill={width > 60 ? "#ffffff" : "#111827"}
              textAnchor="start"
            >
              {question.average === null ? "—" : question.average.toFixed(1)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
