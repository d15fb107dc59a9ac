import { CircleCheck, EyeOff, FolderOpen } from "lucide-react";
import { useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { StaffListScreen } from "~/components/admin/list-screen";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import {
  deleteDocument,
  listDocumentsForStaff,
  STAFF_DOCUMENTS_PAGE_SIZE,
  type StaffDocumentRow,
  toggleDocumentStatus,
} from "~/models/documents.server";
import { runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import { cn } from "~/shared/cn";
import { formatShortDate, isoDate } from "~/shared/dates";
import {
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  documentHref,
  documentYearLabel,
  formatFileSize,
} from "~/shared/documents";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "الوثائق والتقارير | جمعية رفق" }];

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
  return runListMutation(request, {
    "publish-toggle": {
      run: toggleDocumentStatus,
      success: { type: "success", title: "تم التحديث", description: "تغيّرت حالة الوثيقة" },
      failure: "فشل في تغيير حالة الوثيقة",
    },
    delete: {
      run: deleteDocument,
      success: { type: "success", title: "تم الحذف", description: "حُذفت الوثيقة وملفها نهائياً" },
      failure: "فشل في حذف الوثيقة",
    },
  });
}

/** Published or hidden, as a word and an icon (never colour alone). */
function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const Icon = status === "published" ? CircleCheck : EyeOff;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap",
        status === "published"
          ? "bg-primary-light text-primary-dark"
          : "bg-surface text-muted ring-1 ring-line",
      )}
    >
      <Icon aria-hidden className="size-4" />
      {DOCUMENT_STATUS_LABELS[status]}
    </span>
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
  { header: "الحالة", cell: (document) => <DocumentStatusBadge status={document.status} /> },
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
      title="الوثائق والتقارير"
      description="ارفع التقارير السنوية والقوائم المالية والسياسات ومحاضر الاجتماعات بصيغة PDF لتظهر في صفحة الحوكمة."
      addNew={{ to: STAFF_PATHS.documents.new, label: "رفع وثيقة" }}
      search={{
        label: "ابحث في الوثائق",
        placeholder: "كلمة من عنوان الوثيقة",
        active: Boolean(q),
      }}
      loadError={loadError}
      pages={{ ...pages, label: "صفحات الوثائق", newer: "الوثائق الأحدث", older: "الوثائق الأقدم" }}
      empty={{
        icon: FolderOpen,
        title: "لا توجد وثائق بعد",
        text: "لم تُرفع أي وثيقة حتى الآن. ارفع التقرير السنوي أو القوائم المالية لتظهر في صفحة الحوكمة.",
        addFirstLabel: "ارفع أول وثيقة",
      }}
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
