import { formatShortDate } from "./dates";
import { DEVICE_LABELS, type DeviceClass, OTHER_KEY } from "./statistics";

/**
 * The dashboard's statistics charts (docs/decisions/074), declared once: each one's title, the
 * columns of its table (and CSV), and how its rows read the figures. The screen draws them, the
 * table and the CSV file show the same rows.
 */

export interface DayCount {
  day: string;
  count: number;
}
export interface KeyCount {
  key: string;
  detail: string;
  count: number;
}
export interface ClickCount {
  campaignId: string;
  subject: string;
  link: string;
  count: number;
}

/** What the charts read: `readStatistics` of the reading-counts model returns exactly this. */
export interface StatisticFigures {
  views: DayCount[];
  pages: KeyCount[];
  posts: KeyCount[];
  referrers: KeyCount[];
  devices: KeyCount[];
  searches: KeyCount[];
  missedSearches: KeyCount[];
  notFound: KeyCount[];
  clicks: ClickCount[];
  registrations: DayCount[];
  answers: DayCount[];
}

/** One row of a chart: its label (and a second column for some), and its figure. */
export interface ChartRow {
  label: string;
  detail?: string;
  count: number;
}

export interface ChartDeclaration {
  title: string;
  /** A line over the days of the period, or bars of the most counted. */
  shape: "days" | "bars";
  /** The table's (and CSV's) column headings: label, [detail,] figure. */
  columns: readonly string[];
  /** Shown when every figure is 0. */
  empty: string;
  rows: (figures: StatisticFigures) => ChartRow[];
}

const byDay = (counts: DayCount[]): ChartRow[] =>
  counts.map(({ day, count }) => ({ label: formatShortDate(`${day}T12:00:00+03:00`), count }));
const byKey = (counts: KeyCount[], name = (key: string) => key): ChartRow[] =>
  counts.map(({ key, count }) => ({ label: key === OTHER_KEY ? key : name(key), count }));

type DayFigure = {
  [K in keyof StatisticFigures]: StatisticFigures[K] extends DayCount[] ? K : never;
}[keyof StatisticFigures];
type KeyFigure = {
  [K in keyof StatisticFigures]: StatisticFigures[K] extends KeyCount[] ? K : never;
}[keyof StatisticFigures];

/** A line over the days of the period, of one daily figure. */
const daysChart = (
  title: string,
  figure: DayFigure,
  counted: string,
  empty: string,
): ChartDeclaration => ({
  title,
  shape: "days",
  columns: ["اليوم", counted],
  empty,
  rows: (figures) => byDay(figures[figure]),
});

/** Bars of the most counted keys of one figure (`name` reads a key for people). */
const barsChart = (
  title: string,
  figure: KeyFigure,
  columns: readonly [string, string],
  empty: string,
  name?: (key: string) => string,
): ChartDeclaration => ({
  title,
  shape: "bars",
  columns,
  empty,
  rows: (figures) => byKey(figures[figure], name),
});

const NO_VIEWS = "لا مشاهدات في هذه المدة بعد.";

export const STATISTIC_CHARTS = {
  views: daysChart("مشاهدات الصفحات يومياً", "views", "المشاهدات", NO_VIEWS),
  pages: barsChart("أكثر الصفحات قراءة", "pages", ["الصفحة", "المشاهدات"], NO_VIEWS),
  posts: barsChart(
    "أكثر الأخبار قراءة",
    "posts",
    ["الخبر", "المشاهدات"],
    "لم يُقرأ خبر في هذه المدة بعد.",
  ),
  referrers: barsChart(
    "المواقع التي جاء منها القرّاء",
    "referrers",
    ["الموقع", "الزيارات"],
    "لم يأتِ قارئ من موقع آخر في هذه المدة.",
  ),
  devices: barsChart(
    "الأجهزة",
    "devices",
    ["الجهاز", "المشاهدات"],
    NO_VIEWS,
    (key) => DEVICE_LABELS[key as DeviceClass] ?? key,
  ),
  missedSearches: barsChart(
    "عمليات بحث بلا نتائج",
    "missedSearches",
    ["عبارة البحث", "المرات"],
    "وجد كل بحث في هذه المدة نتيجة.",
  ),
  searches: barsChart(
    "أكثر ما بُحث عنه",
    "searches",
    ["عبارة البحث", "المرات"],
    "لم يبحث أحد في هذه المدة.",
  ),
  notFound: {
    title: "روابط معطّلة (صفحات غير موجودة)",
    shape: "bars",
    columns: ["العنوان المطلوب", "الصفحة التي أحالت إليه", "المرات"],
    empty: "لم تُطلب صفحة غير موجودة في هذه المدة.",
    rows: (figures) =>
      figures.notFound.map(({ key, detail, count }) => ({
        label: key,
        detail: detail || "—",
        count,
      })),
  },
  clicks: {
    title: "روابط النشرة التي فُتحت",
    shape: "bars",
    columns: ["الحملة", "الرابط", "النقرات"],
    empty: "لم يُفتح رابط من النشرة في هذه المدة.",
    rows: (figures) => clickRows(figures.clicks),
  },
  registrations: daysChart(
    "تسجيلات الفعاليات يومياً",
    "registrations",
    "التسجيلات",
    "لا تسجيلات في هذه المدة.",
  ),
  answers: daysChart("إجابات النماذج يومياً", "answers", "الإجابات", "لا إجابات في هذه المدة."),
} satisfies Record<keyof StatisticFigures, ChartDeclaration>;

export type ChartName = keyof typeof STATISTIC_CHARTS;

export const isChartName = (name: string | null): name is ChartName =>
  name !== null && Object.hasOwn(STATISTIC_CHARTS, name);

/** A campaign's links as chart rows (the dashboard's and the campaign page's). */
export function clickRows(clicks: ClickCount[]): ChartRow[] {
  return clicks.map(({ subject, link, count }) => ({ label: subject, detail: link, count }));
}

/** A chart's rows as the cells of its table and CSV file. */
export const chartCells = (declaration: ChartDeclaration, rows: ChartRow[]) =>
  rows.map((row) =>
    declaration.columns.length === 3
      ? [row.label, row.detail ?? "", row.count]
      : [row.label, row.count],
  );
