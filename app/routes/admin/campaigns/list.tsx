import { Eye } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { listMeta, StaffListScreen } from "~/components/admin/list-screen";
import { ConfirmDeleteButton, EditLink } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import {
  CAMPAIGNS_PAGE_SIZE,
  deleteCampaign,
  listCampaignsForStaff,
} from "~/models/campaigns.server";
import { requireRole } from "~/services/permissions.server";
import { listMutations, runListMutation } from "~/services/staff-actions.server";
import { campaignProgress } from "~/shared/campaign-status";
import { CONTENT_TYPES } from "~/shared/content-types";
import { formatDateTime, isoDate } from "~/shared/dates";
import { pageFrom, pagingOf } from "~/shared/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.campaigns);

/** Editors and admins (docs/decisions/051). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const page = pageFrom(request.url);
  const list = await listCampaignsForStaff(actor, page);
  return {
    campaigns: list.items,
    ...pagingOf(list, CAMPAIGNS_PAGE_SIZE),
  };
}

/** Deletes a draft or a scheduled campaign (one that has gone is refused by the model). */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(
    request,
    listMutations(CONTENT_TYPES.campaigns, { remove: (actor, id) => deleteCampaign(actor, id) }),
  );
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
        className="target-link font-bold text-primary-dark underline"
      >
        {row.subject}
      </Link>
    ),
  },
  {
    header: "الحالة",
    cell: (row) => <StatusBadge status={row.status} label={campaignProgress(row)} />,
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
  const { campaigns, ...page } = useLoaderData<typeof loader>();
  return (
    <StaffListScreen type={CONTENT_TYPES.campaigns} page={page}>
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
    </StaffListScreen>
  );
}
