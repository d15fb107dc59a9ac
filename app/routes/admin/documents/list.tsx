import { useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { listMeta, StaffListScreen } from "~/components/admin/list-screen";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import {
  deleteDocument,
  listDocumentsForStaff,
  STAFF_DOCUMENTS_PAGE_SIZE,
  type StaffDocumentRow,
  toggleDocumentStatus,
} from "~/models/documents.server";
import { listMutations, runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { formatShortDate, isoDate } from "~/shared/dates";
import {
  DOCUMENT_CATEGORY_LABELS,
  documentHref,
  documentYearLabel,
  formatFileSize,
} from "~/shared/documents";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.documents);

const DELETE_CONFIRMATION =
  "هل أنت متأكد من حذف هذه الوثيقة؟ سيُحذف ملفها ولن يعود رابط تحميلها يعمل، ولا يمكن التراجع عن ذلك.";
const LOAD_FAILED = "فشل في تحميل الوثائق";

/** The documents library, for editors and admins (docs/decisions/048). */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...list } = await loadStaffPage(request, {
    list: listDocumentsForStaff,
    pageSize: STAFF_DOCUMENTS_PAGE_SIZE,
    loadFailed: LOAD_FAILED,
    what: "documents",
  });
  return { documents: items, ...list };
}

/** Row buttons: `intent` = publish-toggle | delete, with the document's `id`. */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(
    request,
    listMutations(CONTENT_TYPES.documents, {
      toggle: toggleDocumentStatus,
      remove: deleteDocument,
    }),
  );
}

const COLUMNS: Column<StaffDocumentRow>[] = [
  {
    header: "العنوان",
    className: "@4xl:max-w-sm",
    cell: (document) => (
      <div className="space-y-1">
        <p className="text-lg font-bold leading-snug @4xl:text-base">{document.title}</p>
        <a
          href={documentHref(document)}
          download
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          تحميل الملف<span className="sr-only"> «{document.title}»</span> (
          {formatFileSize(document.sizeBytes)})
        </a>
      </div>
    ),
  },
  { header: "الحالة", cell: (document) => <StatusBadge status={document.status} /> },
  { header: "التصنيف", cell: (document) => DOCUMENT_CATEGORY_LABELS[document.category] },
  { header: "السنة", cell: (document) => documentYearLabel(document.year) },
  {
    header: "تاريخ الرفع",
    className: "whitespace-nowrap",
    cell: (document) => (
      <time dateTime={isoDate(document.createdAt)}>{formatShortDate(document.createdAt)}</time>
    ),
  },
];

export default function DocumentsList() {
  const { documents, q, loadError, ...pages } = useLoaderData<typeof loader>();
  return (
    <StaffListScreen
      type={CONTENT_TYPES.documents}
      searching={Boolean(q)}
      loadError={loadError}
      page={pages}
    >
      <DataTable
        caption="قائمة الوثائق"
        rows={documents}
        rowKey={(document) => document.id}
        columns={COLUMNS}
        actions={(document) => (
          <StaffRowActions
            row={document}
            editTo={STAFF_PATHS.documents.edit(document.id)}
            deleteMessage={DELETE_CONFIRMATION}
          />
        )}
      />
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
