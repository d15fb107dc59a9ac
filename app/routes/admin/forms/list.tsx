import { Eye, Inbox } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { listMeta, StaffListScreen } from "~/components/admin/list-screen";
import { ConfirmDeleteButton, EditLink } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { useStaffActor } from "~/components/admin/use-staff-actor";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import {
  deleteForm,
  listFormsForStaff,
  STAFF_FORMS_PAGE_SIZE,
  type StaffFormRow,
} from "~/models/built-forms.server";
import { listMutations, runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { formatDateTime } from "~/shared/dates";
import { builtFormPath } from "~/shared/form-builder";
import { hasRole } from "~/shared/roles";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.forms);

const DELETE_CONFIRMATION =
  "سيُحذف النموذج وكل إجاباته وملفاتها وطلباتها نهائياً. لا يمكن التراجع عن هذا الإجراء.";

/** Editors read forms and their answers; admins build and delete them (docs/decisions/071). */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...list } = await loadStaffPage(request, {
    list: listFormsForStaff,
    pageSize: STAFF_FORMS_PAGE_SIZE,
    loadFailed: "فشل في تحميل النماذج",
    what: "forms",
  });
  return { forms: items, ...list };
}

/** Row buttons: `intent` = delete, with the form's `id` (the model refuses an editor). */
export function action({ request }: Route.ActionArgs) {
  return runListMutation(request, listMutations(CONTENT_TYPES.forms, { remove: deleteForm }));
}

type Row = Omit<StaffFormRow, "closesAt" | "updatedAt"> & {
  closesAt: Date | string | null;
  updatedAt: Date | string;
};

const COLUMNS: Column<Row>[] = [
  {
    header: "النموذج",
    cell: (form) => (
      <span className="flex flex-col">
        <span className="font-bold">{form.title}</span>
        {form.isRequest && <span className="text-sm text-muted">نموذج طلبات برقم متابعة</span>}
      </span>
    ),
  },
  { header: "الإجابات", cell: (form) => form.answersCount.toLocaleString("en") },
  {
    header: "يُغلق",
    cell: (form) => (form.closesAt ? formatDateTime(form.closesAt) : "—"),
  },
  { header: "الحالة", cell: (form) => <StatusBadge status={form.status} /> },
];

export default function FormsList() {
  const { forms, q, loadError, ...pages } = useLoaderData<typeof loader>();
  const isAdmin = hasRole(useStaffActor(), "admin");
  return (
    <StaffListScreen
      type={CONTENT_TYPES.forms}
      searching={Boolean(q)}
      loadError={loadError}
      page={pages}
    >
      <DataTable<Row>
        caption="قائمة النماذج"
        rows={forms}
        rowKey={(form) => form.id}
        columns={COLUMNS}
        actions={(form) => (
          <>
            <Link
              to={STAFF_PATHS.formAnswers(form.id)}
              className={buttonClass("outline", "sm")}
              aria-label={`الإجابات: ${form.title}`}
            >
              <Inbox aria-hidden className="size-4" />
              الإجابات
            </Link>
            <Link
              to={builtFormPath(form.slug)}
              className={buttonClass("outline", "sm")}
              aria-label={`عرض: ${form.title}`}
            >
              <Eye aria-hidden className="size-4" />
              عرض
            </Link>
            {isAdmin && (
              <>
                <EditLink to={STAFF_PATHS.forms.edit(form.id)} title={form.title} />
                <ConfirmDeleteButton
                  id={form.id}
                  title={form.title}
                  message={DELETE_CONFIRMATION}
                />
              </>
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
