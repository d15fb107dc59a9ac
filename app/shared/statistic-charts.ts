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

export const STATISTIC_CHARTS = {
  views: {
    title: "مشاهدات الصفحات يومياً",
    shape: "days",
    columns: ["اليوم", "المشاهدات"],
    empty: "لا مشاهدات في هذه المدة بعد.",
    rows: (figures) => byDay(figures.views),
  },
  pages: {
    title: "أكثر الصفحات قراءة",
    shape: "bars",
    columns: ["الصفحة", "المشاهدات"],
    empty: "لا مشاهدات في هذه المدة بعد.",
    rows: (figures) => byKey(figures.pages),
  },
  posts: {
    title: "أكثر الأخبار قراءة",
    shape: "bars",
    columns: ["الخبر", "المشاهدات"],
    empty: "لم يُقرأ خبر في هذه المدة بعد.",
    rows: (figures) => byKey(figures.posts),
  },
  referrers: {
    title: "المواقع التي جاء منها القرّاء",
    shape: "bars",
    columns: ["الموقع", "الزيارات"],
    empty: "لم يأتِ قارئ من موقع آخر في هذه المدة.",
    rows: (figures) => byKey(figures.referrers),
  },
  devices: {
    title: "الأجهزة",
    shape: "bars",
    columns: ["الجهاز", "المشاهدات"],
    empty: "لا مشاهدات في هذه المدة بعد.",
    rows: (figures) => byKey(figures.devices, (key) => DEVICE_LABELS[key as DeviceClass] ?? key),
  },
  missedSearches: {
    title: "عمليات بحث بلا نتائج",
    shape: "bars",
    columns: ["عبارة البحث", "المرات"],
    empty: "وجد كل بحث في هذه المدة نتيجة.",
    rows: (figures) => byKey(figures.missedSearches),
  },
  searches: {
    title: "أكثر ما بُحث عنه",
    shape: "bars",
    columns: ["عبارة البحث", "المرات"],
    empty: "لم يبحث أحد في هذه المدة.",
    rows: (figures) => byKey(figures.searches),
  },
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
  registrations: {
    title: "تسجيلات الفعاليات يومياً",
    shape: "days",
    columns: ["اليوم", "التسجيلات"],
    empty: "لا تسجيلات في هذه المدة.",
    rows: (figures) => byDay(figures.registrations),
  },
  answers: {
    title: "إجابات النماذج يومياً",
    shape: "days",
    columns: ["اليوم", "الإجابات"],
    empty: "لا إجابات في هذه المدة.",
    rows: (figures) => byDay(figures.answers),
  },
} as const satisfies Record<keyof StatisticFigures, ChartDeclaration>;

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
