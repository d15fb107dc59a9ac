import { Eye, FileText } from "lucide-react";
import { useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { StaffListScreen } from "~/components/admin/list-screen";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import {
  deletePost,
  listPostsPageForStaff,
  type StaffPostRow,
  togglePostStatus,
} from "~/models/posts.server";
import { loadStaffList, runListMutation } from "~/services/staff-actions.server";
import { formatDateTime, formatShortDate, isoDate } from "~/shared/dates";
import { pageFrom } from "~/shared/pagination";
import { POST_STATUSES, type PostStatus, STATUS_LABELS } from "~/shared/post-status";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "المقالات والأخبار | جمعية رفق" }];

const DELETE_POST_CONFIRMATION = "هل أنت متأكد من حذف هذا المقال؟ لا يمكن التراجع عن هذا الإجراء.";
const LOAD_FAILED = "فشل في تحميل المقالات";

const isPostStatus = (value: string | null): value is PostStatus =>
  POST_STATUSES.includes(value as PostStatus);

/** Spec §2.5: the posts, for editors and admins (docs/decisions/020). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const statusParam = params.get("status");
  const status = isPostStatus(statusParam) ? statusParam : undefined;
  const page = pageFrom(request.url);
  const { items, ...list } = await loadStaffList(request, {
    list: async (actor) => [await listPostsPageForStaff(actor, { q, status, page })],
    loadFailed: LOAD_FAILED,
    what: "posts",
  });
  const [found] = items;
  return {
    posts: found?.items ?? [],
    page,
    hasMore: found?.hasMore ?? false,
    q,
    status: status ?? null,
    ...list,
  };
}

/** Row buttons: `intent` = publish-toggle | delete, with the post's `id`. */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(request, {
    "publish-toggle": {
      run: togglePostStatus,
      success: { type: "success", title: "تم التحديث", description: "تم تحديث حالة المقال" },
      failure: "فشل في تحديث حالة المقال",
    },
    delete: {
      run: deletePost,
      success: { type: "success", title: "تم الحذف", description: "تم حذف المقال نهائياً" },
      failure: "فشل في حذف المقال",
    },
  });
}

const STATUS_FILTER = {
  name: "status",
  label: "الحالة",
  options: [
    { value: "", label: "كل الحالات" },
    ...POST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  ],
};

const COLUMNS: Column<StaffPostRow>[] = [
  {
    header: "العنوان",
    className: "@4xl:max-w-sm",
    cell: (post) => (
      <div className="space-y-1">
        <p className="text-lg font-bold leading-snug @4xl:text-base">{post.title}</p>
        {post.excerpt && <p className="line-clamp-2 text-sm text-muted">{post.excerpt}</p>}
      </div>
    ),
  },
  {
    header: "الحالة",
    cell: (post) => (
      <div className="space-y-1">
        <StatusBadge status={post.status} />
        {/* A published post whose time has not come yet (docs/decisions/031). */}
        {post.status === "published" &&
          post.publishedAt &&
          new Date(post.publishedAt).getTime() > Date.now() && (
            <p className="text-sm text-muted">مجدول: {formatDateTime(post.publishedAt)}</p>
          )}
      </div>
    ),
  },
  { header: "التصنيف", cell: (post) => post.categoryName ?? "عام" },
  { header: "الكاتب", cell: (post) => post.authorName || "مجهول" },
  {
    header: "المشاهدات",
    className: "whitespace-nowrap",
    cell: (post) => (
      <span className="inline-flex items-center gap-1">
        <Eye aria-hidden className="size-4 text-muted" />
        {post.viewsCount}
      </span>
    ),
  },
  {
    header: "تاريخ الإنشاء",
    className: "whitespace-nowrap",
    cell: (post) => (
      <time dateTime={isoDate(post.createdAt)}>{formatShortDate(post.createdAt)}</time>
    ),
  },
];

export default function PostsList() {
  const { posts, page, hasMore, q, status, loadError } = useLoaderData<typeof loader>();
  return (
    <StaffListScreen
      title="المقالات والأخبار"
      description="اكتب المقالات والأخبار وانشرها في صفحة الأخبار."
      addNew={{ to: STAFF_PATHS.posts.new, label: "مقال جديد" }}
      search={{
        label: "ابحث في المقالات",
        placeholder: "عنوان أو كلمة من المقال",
        filters: [STATUS_FILTER],
        active: Boolean(q || status),
      }}
      loadError={loadError}
      itemCount={posts.length}
      empty={{
        icon: FileText,
        title: "لا توجد مقالات بعد",
        text: "لم يُنشر أي مقال أو خبر حتى الآن. ابدأ بكتابة أول مقال ليظهر في صفحة الأخبار.",
        addFirstLabel: "أضف أول مقال",
      }}
    >
      <DataTable
        caption="قائمة المقالات"
        rows={posts}
        rowKey={(post) => post.id}
        columns={COLUMNS}
        actions={(post) => (
          <StaffRowActions
            row={post}
            editTo={STAFF_PATHS.posts.edit(post.id)}
            deleteMessage={DELETE_POST_CONFIRMATION}
          />
        )}
      />
      <PageLinks
        page={page}
        hasMore={hasMore}
        label="صفحات المقالات"
        newer="المقالات الأحدث"
        older="المقالات الأقدم"
      />
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
