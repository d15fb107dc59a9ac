import { Eye, FileText, Plus } from "lucide-react";
import { Link, useLoaderData, useLocation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { useErrorToast } from "~/components/admin/mutation-feedback";
import { useIsLoadingPath } from "~/components/admin/pending-navigation";
import { ConfirmDeleteButton, EditLink, PublishToggleButton } from "~/components/admin/row-actions";
import { SearchBar } from "~/components/admin/search-bar";
import { SkeletonRows } from "~/components/admin/skeletons";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import {
  deletePost,
  listPostsForStaff,
  type StaffPostRow,
  togglePostStatus,
} from "~/models/posts.server";
import { formatShortDate, isoDate } from "~/utils/dates";
import { logger } from "~/utils/logger.server";
import { requireUser } from "~/utils/permissions.server";
import { POST_STATUSES, type PostStatus, STATUS_LABELS } from "~/utils/post-status";
import { canManageContent } from "~/utils/roles";
import { runListMutation } from "~/utils/staff-actions.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "المقالات والأخبار | جمعية رفق" }];

const DELETE_POST_CONFIRMATION = "هل أنت متأكد من حذف هذا المقال؟ لا يمكن التراجع عن هذا الإجراء.";
const LOAD_FAILED = "فشل في تحميل المقالات";

const isPostStatus = (value: string | null): value is PostStatus =>
  POST_STATUSES.includes(value as PostStatus);

/** Spec §2.5: any signed-in user may read the list; the buttons are for editors and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const statusParam = params.get("status");
  const status = isPostStatus(statusParam) ? statusParam : undefined;
  const canManage = canManageContent(actor);
  try {
    const posts = await listPostsForStaff(actor, { q, status });
    return { posts, q, status: status ?? null, canManage, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "failed to list posts for the staff");
    return { posts: [], q, status: status ?? null, canManage, loadError: LOAD_FAILED };
  }
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
    className: "md:max-w-sm",
    cell: (post) => (
      <div className="space-y-1">
        <p className="text-lg font-bold leading-snug md:text-base">{post.title}</p>
        {post.excerpt && <p className="line-clamp-2 text-sm text-muted">{post.excerpt}</p>}
      </div>
    ),
  },
  { header: "الحالة", cell: (post) => <StatusBadge status={post.status} /> },
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

function PostActions({ post }: { post: StaffPostRow }) {
  return (
    <>
      <PublishToggleButton
        id={post.id}
        title={post.title}
        published={post.status === "published"}
      />
      <EditLink to={STAFF_PATHS.posts.edit(post.id)} title={post.title} />
      <ConfirmDeleteButton id={post.id} title={post.title} message={DELETE_POST_CONFIRMATION} />
    </>
  );
}

export default function PostsList() {
  const { posts, q, status, canManage, loadError } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const searching = useIsLoadingPath(pathname);
  useErrorToast(loadError);

  let body: React.ReactNode;
  if (searching) body = <SkeletonRows count={5} />;
  else if (loadError) body = <p className="rounded-2xl bg-white p-6 text-danger">{loadError}</p>;
  else if (!posts.length)
    body = (
      <EmptyState
        searching={Boolean(q || status)}
        icon={FileText}
        emptyTitle="لا توجد مقالات بعد"
        emptyText="لم يُنشر أي مقال أو خبر حتى الآن. ابدأ بكتابة أول مقال ليظهر في صفحة الأخبار."
        addFirst={canManage ? { to: STAFF_PATHS.posts.new, label: "أضف أول مقال" } : undefined}
      />
    );
  else
    body = (
      <DataTable
        caption="قائمة المقالات"
        rows={posts}
        rowKey={(post) => post.id}
        columns={COLUMNS}
        actions={canManage ? (post) => <PostActions post={post} /> : undefined}
      />
    );

  return (
    <div>
      <AdminPageHeader
        title="المقالات والأخبار"
        description={
          canManage
            ? "اكتب المقالات والأخبار وانشرها في صفحة الأخبار."
            : "تستطيع الاطلاع على المقالات؛ التعديل متاح للمحررين والمديرين."
        }
        actions={
          canManage && (
            <Link to={STAFF_PATHS.posts.new} className={buttonClass("default", "lg")}>
              <Plus aria-hidden className="size-5" />
              مقال جديد
            </Link>
          )
        }
      />
      <SearchBar
        label="ابحث في المقالات"
        placeholder="عنوان أو كلمة من المقال"
        filters={[STATUS_FILTER]}
      />
      {body}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
