import { Download, Mail } from "lucide-react";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { ConfirmDeleteButton } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import { buttonClass } from "~/components/ui/button";
import {
  deleteSubscriber,
  listSubscribersForStaff,
  SUBSCRIBERS_PAGE_SIZE,
} from "~/models/newsletter.server";
import { requireRole } from "~/services/permissions.server";
import { runListMutation } from "~/services/staff-actions.server";
import { formatShortDate, isoDate } from "~/shared/dates";
import { pageFrom } from "~/shared/pagination";
import { type Actor, hasRole } from "~/shared/roles";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => [{ title: "مشتركو النشرة | جمعية رفق" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const page = pageFrom(request.url);
  const { confirmed, pendingCount } = await listSubscribersForStaff(actor, page);
  return {
    confirmed: confirmed.items,
    confirmedCount: confirmed.total,
    pendingCount,
    page,
    hasMore: confirmed.hasMore,
    pageCount: Math.ceil(confirmed.total / SUBSCRIBERS_PAGE_SIZE),
  };
}

/** An admin removes an address whose owner asked by other means than the e-mailed link. */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(request, {
    delete: {
      run: (actor, id) => deleteSubscriber(actor, id),
      success: { type: "success", title: "تم الحذف", description: "حُذف المشترك من النشرة" },
      failure: "فشل في حذف المشترك",
    },
  });
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

type SubscriberRow = Awaited<ReturnType<typeof loader>>["confirmed"][number];

const COLUMNS: Column<SubscriberRow>[] = [
  {
    header: "البريد الإلكتروني",
    cell: (row) => <span dir="ltr">{row.email}</span>,
  },
  {
    header: "تاريخ التأكيد",
    className: "whitespace-nowrap",
    cell: (row) =>
      row.confirmedAt && (
        <time dateTime={isoDate(row.confirmedAt)}>{formatShortDate(row.confirmedAt)}</time>
      ),
  },
];

export default function Subscribers() {
  const { confirmed, confirmedCount, pendingCount, page, hasMore, pageCount } =
    useLoaderData<typeof loader>();
  const layout = useRouteLoaderData("routes/admin/dashboard-layout") as
    | { actor: Pick<Actor, "role"> }
    | undefined;
  const isAdmin = hasRole(layout?.actor, "admin");
  return (
    <>
      <AdminPageHeader
        title="مشتركو النشرة"
        description="العناوين التي أكّد أصحابها الاشتراك من الرابط المرسل إليهم؛ وحدها تُحسب."
        actions={
          <a href={STAFF_PATHS.subscribersExport} className={buttonClass("outline")} download>
            <Download aria-hidden className="size-5" />
            تنزيل CSV
          </a>
        }
      />
      <dl className="mb-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-line bg-white p-5">
          <dt className="text-muted">المشتركون المؤكَّدون</dt>
          <dd className="text-3xl font-bold text-primary-dark">{confirmedCount}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-white p-5">
          <dt className="text-muted">بانتظار التأكيد</dt>
          <dd className="text-3xl font-bold">{pendingCount}</dd>
        </div>
      </dl>
      {confirmedCount === 0 ? (
        <EmptyState
          searching={false}
          icon={Mail}
          emptyTitle="لا يوجد مشتركون مؤكَّدون بعد"
          emptyText="يظهر هنا كل من يشترك من صفحة الأخبار ويؤكد اشتراكه."
        />
      ) : (
        <DataTable
          caption="قائمة المشتركين المؤكَّدين"
          rows={confirmed}
          rowKey={(row) => row.id}
          columns={COLUMNS}
          actions={
            isAdmin
              ? (row) => (
                  <ConfirmDeleteButton
                    id={row.id}
                    title={row.email}
                    message="سيُحذف هذا البريد من قائمة النشرة نهائياً، كما يطلب صاحبه."
                  />
                )
              : undefined
          }
        />
      )}
      <PageLinks
        page={page}
        hasMore={hasMore}
        pageCount={pageCount}
        label="صفحات المشتركين"
        newer="المشتركون الأحدث"
        older="المشتركون الأقدم"
      />
    </>
  );
}
