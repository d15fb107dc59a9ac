import { Form, Link, useActionData, useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { listMeta, StaffListScreen, statusFilter } from "~/components/admin/list-screen";
import { EditLink } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { PageDeletionQuestion } from "~/components/pages/page-deletion-question";
import { Button } from "~/components/ui/button";
import { auditContentWrite } from "~/models/audit-log.server";
import {
  deletePage,
  listPagesPageForStaff,
  pageDeletionCheck,
  type StaffPageRow,
} from "~/models/pages.server";
import { getStaffActor } from "~/services/permissions.server";
import { loadStaffList, respondToMutation } from "~/services/staff-actions.server";
import { CONTENT_TYPES, statusParam } from "~/shared/content-types";
import { formatDateTime, formatShortDate, isoDate } from "~/shared/dates";
import { pagePublicPath } from "~/shared/page-blocks";
import { pageFrom } from "~/shared/pagination";
import { hasRole } from "~/shared/roles";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.pages);

/** The pages built from blocks, for editors and admins (docs/decisions/049). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const status = statusParam(CONTENT_TYPES.pages, request.url);
  const page = pageFrom(request.url);
  const { items, ...list } = await loadStaffList(request, {
    list: async (actor) => [await listPagesPageForStaff(actor, { q, status, page })],
    loadFailed: "فشل في تحميل الصفحات",
    what: "pages",
  });
  const [found] = items;
  const actor = await getStaffActor(request);
  return {
    pages: found?.items ?? [],
    page,
    hasMore: found?.hasMore ?? false,
    q,
    status: status ?? null,
    canDelete: hasRole(actor, "admin"),
    ...list,
  };
}

/**
 * Row buttons, as plain form posts: `ask-delete` answers what links to the page (the question
 * shown above the list); `delete` with `confirmed` deletes it. Only admins may do either.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await getStaffActor(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").slice(0, 100);
  if (intent === "ask-delete") return { ask: await pageDeletionCheck(actor, id) };
  if (intent === "delete") {
    const confirmed = form.get("confirmed") === "1";
    // In the audit log with the delete, named by the page's title (docs/decisions/075).
    return respondToMutation(
      () =>
        auditContentWrite(actor, CONTENT_TYPES.pages, "deleted", id, () =>
          deletePage(actor, id, { confirmed }),
        ),
      {
        success: { type: "success", title: "تم الحذف", description: "حُذفت الصفحة نهائياً" },
        failure: "فشل في حذف الصفحة",
      },
    );
  }
  return new Response("طلب غير صالح", { status: 400 });
}

const COLUMNS: Column<StaffPageRow>[] = [
  {
    header: "العنوان",
    className: "@4xl:max-w-sm",
    cell: (page) => (
      <div className="space-y-1">
        <p className="text-lg font-bold leading-snug @4xl:text-base">{page.title}</p>
        <p className="text-sm text-muted" dir="ltr">
          {decodeURIComponent(pagePublicPath(page.slug))}
        </p>
      </div>
    ),
  },
  {
    header: "الحالة",
    cell: (page) => (
      <div className="space-y-1">
        <StatusBadge status={page.status} />
        {page.status === "published" &&
          page.publishedAt &&
          new Date(page.publishedAt).getTime() > Date.now() && (
            <p className="text-sm text-muted">مجدولة: {formatDateTime(page.publishedAt)}</p>
          )}
      </div>
    ),
  },
  { header: "آخر من حفظها", cell: (page) => page.authorName || "مجهول" },
  {
    header: "آخر تعديل",
    className: "whitespace-nowrap",
    cell: (page) => (
      <time dateTime={isoDate(page.updatedAt)}>{formatShortDate(page.updatedAt)}</time>
    ),
  },
];

export default function PagesList() {
  const { pages, page, hasMore, q, status, loadError, canDelete } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const ask = answer && "ask" in answer ? answer.ask : null;
  return (
    <StaffListScreen
      type={CONTENT_TYPES.pages}
      filters={[statusFilter(CONTENT_TYPES.pages)]}
      searching={Boolean(q || status)}
      loadError={loadError}
      page={{ page, hasMore }}
      itemCount={pages.length}
    >
      {ask && <PageDeletionQuestion ask={ask} />}
      <DataTable
        caption="قائمة الصفحات"
        rows={pages}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        actions={(row) => (
          <>
            {row.status === "published" && (
              <Link
                to={pagePublicPath(row.slug)}
                className="inline-flex min-h-11 items-center px-3 text-primary underline"
                aria-label={`عرض «${row.title}» على الموقع`}
              >
                عرض
              </Link>
            )}
            <EditLink to={STAFF_PATHS.pages.edit(row.id)} title={row.title} />
            {canDelete && (
              <Form method="post" className="contents">
                <input type="hidden" name="intent" value="ask-delete" />
                <input type="hidden" name="id" value={row.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  className="min-h-11 text-danger"
                  aria-label={`حذف «${row.title}»`}
                >
                  حذف
                </Button>
              </Form>
            )}
          </>
        )}
      />
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
