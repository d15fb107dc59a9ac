import { Eye, Plus, Send } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { CampaignStatusBadge } from "~/components/admin/campaign-status-badge";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { ConfirmDeleteButton, EditLink } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import { buttonClass } from "~/components/ui/button";
import {
  CAMPAIGNS_PAGE_SIZE,
  deleteCampaign,
  listCampaignsForStaff,
} from "~/models/campaigns.server";
import { requireRole } from "~/services/permissions.server";
import { runListMutation } from "~/services/staff-actions.server";
import { campaignProgress } from "~/shared/campaign-status";
import { formatDateTime, isoDate } from "~/shared/dates";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "حملات النشرة | جمعية رفق" }];

/** Editors and admins (docs/decisions/051). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const page = pageFrom(request.url);
  const list = await listCampaignsForStaff(actor, page);
  return {
    campaigns: list.items,
    total: list.total,
    page,
    hasMore: list.hasMore,
    pageCount: Math.ceil(list.total / CAMPAIGNS_PAGE_SIZE),
  };
}

/** Deletes a draft or a scheduled campaign (one that has gone is refused by the model). */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(request, {
    delete: {
      run: (actor, id) => deleteCampaign(actor, id),
      success: { type: "success", title: "تم الحذف", description: "حُذفت الحملة" },
      failure: "فشل في حذف الحملة",
    },
  });
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

type CampaignRow = Awaited<ReturnType<typeof loader>>["campaigns"][number];

const COLUMNS: Column<CampaignRow>[] = [
  {
    header: "العنوان",
    cell: (row) => (
      <Link
        to={STAFF_PATHS.campaigns.view(row.id)}
        className="font-bold text-primary-dark underline"
      >
        {row.subject}
      </Link>
    ),
  },
  {
    header: "الحالة",
    cell: (row) => <CampaignStatusBadge status={row.status} label={campaignProgress(row)} />,
  },
  {
    header: "الموعد",
    className: "whitespace-nowrap",
    cell: (row) => {
      const when = row.finishedAt ?? row.sendAt;
      return when ? <time dateTime={isoDate(when)}>{formatDateTime(when)}</time> : "—";
    },
  },
  { header: "وصلت", cell: (row) => row.sent },
  { header: "تعذّرت", cell: (row) => row.failed },
  { header: "ألغوا الاشتراك بعدها", cell: (row) => row.unsubscribed },
];

export default function Campaigns() {
  const { campaigns, total, page, hasMore, pageCount } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="حملات النشرة"
        description="رسائل النشرة البريدية إلى المشتركين المؤكَّدين: اكتبها، عاينها، جرّبها على بريدك، ثم أرسلها الآن أو في موعد تختاره."
        actions={
          <Link to={STAFF_PATHS.campaigns.new} className={buttonClass("default", "lg")}>
            <Plus aria-hidden className="size-5" />
            حملة جديدة
          </Link>
        }
      />
      {total === 0 ? (
        <EmptyState
          searching={false}
          icon={Send}
          emptyTitle="لا توجد حملات بعد"
          emptyText="اكتب أول رسالة إلى مشتركي النشرة، أو ابدأها من خبر منشور."
          addFirst={{ to: STAFF_PATHS.campaigns.new, label: "اكتب أول حملة" }}
        />
      ) : (
        <DataTable
          caption="حملات النشرة"
          rows={campaigns}
          rowKey={(row) => row.id}
          columns={COLUMNS}
          actions={(row) => (
            <>
              <Link
                to={STAFF_PATHS.campaigns.view(row.id)}
                className={buttonClass("outline", "sm")}
                aria-label={`معاينة «${row.subject}» وإرسالها`}
              >
                <Eye aria-hidden className="size-4" />
                معاينة وإرسال
              </Link>
              {(row.status === "draft" || row.status === "scheduled") && (
                <>
                  <EditLink to={STAFF_PATHS.campaigns.edit(row.id)} title={row.subject} />
                  <ConfirmDeleteButton
                    id={row.id}
                    title={row.subject}
                    message="ستُحذف هذه الحملة نهائياً ولن تُرسل."
                  />
                </>
              )}
            </>
          )}
        />
      )}
      <PageLinks
        page={page}
        hasMore={hasMore}
        pageCount={pageCount}
        label="صفحات الحملات"
        newer="الحملات الأحدث"
        older="الحملات الأقدم"
      />
    </>
  );
}
