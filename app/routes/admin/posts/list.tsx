import { Eye as EyeIcon } from "lucide-react";
import { useLoaderData } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { listMeta, StaffListScreen, statusFilter } from "~/components/admin/list-screen";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorScreen } from "~/components/error-screen";
import { lightIcon } from "~/components/ui/light-icon";
import {
  deletePost,
  listPostsPageForStaff,
  type StaffPostRow,
  togglePostStatus,
} from "~/models/posts.server";
import { listMutations, loadStaffList, runListMutation } from "~/services/staff-actions.server";
import { CONTENT_TYPES, statusParam } from "~/shared/content-types";
import { formatDateTime, formatShortDate, isoDate } from "~/shared/dates";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.posts);

/** Drawn on every row: built once (docs/decisions/080). */
const Eye = lightIcon(EyeIcon);

const DELETE_POST_CONFIRMATION = "هل أنت متأكد من حذف هذا المقال؟ لا يمكن التراجع عن هذا الإجراء.";
const LOAD_FAILED = "فشل في تحميل المقالات";

/** Spec §2.5: the posts, for editors and admins (docs/decisions/020). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const status = statusParam(CONTENT_TYPES.posts, request.url);
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
  return runListMutation(
    request,
    listMutations(CONTENT_TYPES.posts, { toggle: togglePostStatus, remove: deletePost }),
  );
}

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
      type={CONTENT_TYPES.posts}
      filters={[statusFilter(CONTENT_TYPES.posts)]}
      searching={Boolean(q || status)}
      loadError={loadError}
      page={{ page, hasMore }}
      itemCount={posts.length}
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
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
