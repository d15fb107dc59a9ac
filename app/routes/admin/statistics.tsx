import { Link, useLoaderData } from "react-router";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ChartFigure } from "~/components/charts/chart-figure";
import { ErrorScreen } from "~/components/error-screen";
import { readStatistics } from "~/models/reading-counts.server";
import { requireRole } from "~/services/permissions.server";
import { cn } from "~/shared/cn";
import { type ChartName, STATISTIC_CHARTS } from "~/shared/statistic-charts";
import { periodOf, STATISTIC_PERIODS } from "~/shared/statistics";
import type { Route } from "./+types/statistics";

export const meta: Route.MetaFunction = () => [{ title: "إحصاءات القراءة | جمعية رفق" }];

/** Reading statistics for editors and admins (docs/decisions/074); `?days=` picks the period. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const days = periodOf(new URL(request.url).searchParams.get("days"));
  return { days, figures: await readStatistics(actor, days) };
}

const CHART_NAMES = Object.keys(STATISTIC_CHARTS) as ChartName[];

const csvHref = (chart: ChartName, days: number) =>
  `${STAFF_PATHS.statisticsExport}?${new URLSearchParams({ chart, days: String(days) })}`;

export default function Statistics() {
  const { days, figures } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl md:text-3xl">إحصاءات القراءة</h1>
        <p className="text-muted">
          أرقام إجمالية بلا ملفات تعريف ولا عناوين للزوّار: كم مرة فُتحت كل صفحة، ومن أين جاء القرّاء،
          وما بحثوا عنه. الأيام في الرسوم تبدأ من اليمين وتنتهي باليوم على اليسار.
        </p>
      </header>
      <nav aria-label="مدة الإحصاءات" className="flex flex-wrap gap-2">
        {[...STATISTIC_PERIODS]
          .sort((a, b) => a - b)
          .map((period) => (
            <Link
              key={period}
              to={`?days=${period}`}
              aria-current={period === days ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-xl border border-line px-4",
                period === days ? "bg-primary font-semibold text-white" : "bg-white text-primary",
              )}
            >
              آخر {period} يوماً
            </Link>
          ))}
      </nav>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,22rem),1fr))] gap-5">
        {CHART_NAMES.map((name) => (
          <ChartFigure
            key={name}
            id={`chart-${name}`}
            declaration={STATISTIC_CHARTS[name]}
            rows={STATISTIC_CHARTS[name].rows(figures)}
            csvHref={csvHref(name, days)}
            headingLevel={2}
          />
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
