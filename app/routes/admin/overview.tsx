import {
  BarChart3,
  ClipboardList,
  FilePlus2,
  FileText,
  HandHeart,
  HardDrive,
  History,
  Image,
  ImagePlus,
  type LucideIcon,
  Users,
  Video,
  VideoIcon,
} from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import {
  type ActivityItem,
  type DashboardStats,
  getDashboardStats,
  getRecentActivity,
} from "~/models/dashboard.server";
import { requireRole } from "~/services/permissions.server";
import { formatDate, isoDate } from "~/shared/dates";
import { formatFileSize } from "~/shared/documents";
import { hasRole, ROLE_LABELS } from "~/shared/roles";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "لوحة التحكم | جمعية رفق" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  // Spec §8: a failure to read the figures is only logged; the greeting still shows.
  const [stats, activity] = await Promise.all([
    getDashboardStats(actor).catch((error) => {
      logger.error({ err: error }, "failed to read the dashboard stats");
      return null;
    }),
    getRecentActivity(actor, 5).catch((error) => {
      logger.error({ err: error }, "failed to read the recent activity");
      return null;
    }),
  ]);
  return {
    greetingName: actor.fullName || (hasRole(actor, "admin") ? "مدير" : ""),
    roleLabel: ROLE_LABELS[actor.role],
    stats,
    activity,
  };
}

const numberFormat = new Intl.NumberFormat("ar-SA-u-nu-latn");
const n = (value: number) => numberFormat.format(value);

function StatCard({
  icon: Icon,
  title,
  total,
  details,
  to,
}: {
  icon: LucideIcon;
  title: string;
  total: number | string;
  details?: string[];
  to?: string;
}) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 text-lg break-words">{title}</h3>
        <span className="shrink-0 rounded-xl bg-primary-light p-2 text-primary">
          <Icon aria-hidden className="size-6" />
        </span>
      </div>
      <p className="text-4xl font-bold text-primary-dark">
        {typeof total === "number" ? n(total) : total}
      </p>
      {details && (
        <ul className="space-y-1 text-muted">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {to && (
        <Link
          to={to}
          className="mt-auto inline-flex min-h-11 items-center self-start text-primary underline-offset-4 hover:underline"
        >
          عرض {title}
        </Link>
      )}
    </li>
  );
}

function StatCards({ stats, canSeeUsers }: { stats: DashboardStats; canSeeUsers: boolean }) {
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-5">
      <StatCard
        icon={FileText}
        title="المقالات"
        total={stats.posts.total}
        to={STAFF_PATHS.posts.list}
        details={[
          `منشورة: ${n(stats.posts.published)}`,
          `مسودات: ${n(stats.posts.draft)}`,
          `مؤرشفة: ${n(stats.posts.archived)}`,
          `المشاهدات: ${n(stats.posts.views)}`,
        ]}
      />
      <StatCard
        icon={Video}
        title="الفيديوهات"
        total={stats.videos.total}
        to={STAFF_PATHS.videos.list}
        details={[
          `منشورة: ${n(stats.videos.published)}`,
          `مسودات: ${n(stats.videos.draft)}`,
          `المشاهدات: ${n(stats.videos.views)}`,
        ]}
      />
      <StatCard icon={Image} title="الصور" total={stats.images} to={STAFF_PATHS.images.list} />
      {canSeeUsers && stats.users !== undefined && (
        <StatCard icon={Users} title="المستخدمون" total={stats.users} to={STAFF_PATHS.users} />
      )}
      <StatCard
        icon={HandHeart}
        title="المتطوعون"
        total={stats.outreach.newVolunteers}
        details={["طلبات جديدة لم يُتواصل معها بعد"]}
        to={STAFF_PATHS.volunteers}
      />
      <StatCard
        icon={ClipboardList}
        title="طلباتي المفتوحة"
        total={stats.requests.mine}
        details={[`المتأخرة عن موعدها (للجميع): ${n(stats.requests.overdue)}`]}
        to={`${STAFF_PATHS.requests}?queue=mine`}
      />
      <StatCard
        icon={BarChart3}
        title="الاستبيانات"
        total={
          stats.outreach.surveyAverage === null
            ? "—"
            : `${stats.outreach.surveyAverage.toFixed(1)} / 5`
        }
        details={["متوسط رضا هذا الشهر"]}
        to={STAFF_PATHS.surveys}
      />
      <StatCard
        icon={HardDrive}
        title="مساحة التخزين"
        total={formatFileSize(stats.storage.bytes)}
        details={[`الملفات المرفوعة: ${n(stats.storage.files)}`]}
      />
    </ul>
  );
}

const QUICK_ACTIONS = [
  { to: STAFF_PATHS.posts.new, label: "مقال جديد", icon: FilePlus2 },
  { to: STAFF_PATHS.videos.new, label: "فيديو جديد", icon: VideoIcon },
  { to: STAFF_PATHS.images.new, label: "صورة جديدة", icon: ImagePlus },
];

const ACTIVITY_KINDS: Record<ActivityItem["kind"], { label: string; icon: LucideIcon }> = {
  post: { label: "مقال", icon: FileText },
  video: { label: "فيديو", icon: Video },
  image: { label: "صورة", icon: Image },
};

const editPathOf = (item: ActivityItem) =>
  item.kind === "post"
    ? STAFF_PATHS.posts.edit(item.id)
    : item.kind === "video"
      ? STAFF_PATHS.videos.edit(item.id)
      : STAFF_PATHS.images.edit(item.id);

function RecentActivity({ items }: { items: ActivityItem[] }) {
  if (!items.length) {
    return <p className="text-muted">لا يوجد نشاط بعد. ستظهر هنا آخر التغييرات على المحتوى.</p>;
  }
  return (
    <ol className="divide-y divide-line">
      {items.map((item) => {
        const { label, icon: Icon } = ACTIVITY_KINDS[item.kind];
        const isNew = item.changedAt.getTime() - item.createdAt.getTime() < 1000;
        return (
          <li key={`${item.kind}-${item.id}`} className="flex items-start gap-3 py-3">
            <Icon aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="sr-only">{label}:</span>
                <Link
                  to={editPathOf(item)}
                  className="inline-flex min-h-11 items-center font-medium text-primary-dark hover:underline"
                >
                  {item.title}
                </Link>
                {item.status && <StatusBadge status={item.status} />}
              </div>
              <p className="text-sm text-muted">
                {isNew ? "أُضيف" : "عُدّل"} في{" "}
                <time dateTime={isoDate(item.changedAt)}>{formatDate(item.changedAt)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export default function Overview() {
  const { greetingName, roleLabel, stats, activity } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <header className="space-y-1">
        <h1 className="text-2xl md:text-3xl">
          {greetingName ? `مرحباً، ${greetingName}` : "مرحباً بك"}
        </h1>
        <p className="text-muted">دورك: {roleLabel}. من هنا تتابع محتوى الموقع وتضيف الجديد.</p>
      </header>

      <section aria-labelledby="stats-heading" className="space-y-4">
        <h2 id="stats-heading" className="text-xl">
          إحصاءات المحتوى
        </h2>
        {stats ? (
          <StatCards stats={stats} canSeeUsers={stats.users !== undefined} />
        ) : (
          <p className="text-muted">تعذّر تحميل الإحصاءات الآن.</p>
        )}
      </section>

      <section aria-labelledby="quick-heading" className="space-y-4">
        <h2 id="quick-heading" className="text-xl">
          إجراءات سريعة
        </h2>
        <div className="flex flex-wrap gap-3">
          {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={buttonClass("elegant", "lg")}>
              <Icon aria-hidden className="size-5 text-primary" />
              {label}
            </Link>
          ))}
        </div>
      </section>

      <section
        aria-labelledby="activity-heading"
        className="space-y-4 rounded-2xl border border-line bg-white p-5"
      >
        <h2 id="activity-heading" className="flex items-center gap-2 text-xl">
          <History aria-hidden className="size-5 text-primary" />
          آخر النشاطات
        </h2>
        {activity ? (
          <RecentActivity items={activity} />
        ) : (
          <p className="text-muted">تعذّر تحميل آخر النشاطات الآن.</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
