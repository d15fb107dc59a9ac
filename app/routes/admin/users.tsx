import { Users } from "lucide-react";
import { data, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { EmptyState } from "~/components/admin/empty-state";
import { useErrorToast } from "~/components/admin/mutation-feedback";
import { useIsLoadingPath } from "~/components/admin/pending-navigation";
import { SkeletonCards } from "~/components/admin/skeletons";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import { ROLE_DESCRIPTIONS, USER_ROLE_LABELS } from "~/components/users/role-badge";
import { UserCard } from "~/components/users/user-card";
import {
  changeUserRole,
  getPrimaryAdminEmail,
  type ListedUser,
  listUsers,
  RoleChangeRefusedError,
  USERS_PAGE_SIZE,
} from "~/models/users.server";
import { failureStatus, refusalAnswer } from "~/services/error-answers.server";
import { requireRole } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import { parseForm } from "~/shared/form-validation";
import { pageFrom } from "~/shared/pagination";
import { roles } from "~/shared/statuses";
import { readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "المستخدمون | جمعية رفق" }];

const LOAD_FAILED = "فشل في جلب المستخدمين";
const ROLE_UPDATE_FAILED = "فشل في تحديث دور المستخدم";

/** User management (spec §2.10): administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRole(request, "admin");
  const page = pageFrom(request.url);
  try {
    const [listed, primaryAdminEmail] = await Promise.all([
      listUsers(admin, page),
      getPrimaryAdminEmail(),
    ]);
    return {
      users: listed.items,
      page,
      hasMore: listed.hasMore,
      pageCount: Math.ceil(listed.total / USERS_PAGE_SIZE),
      primaryAdminEmail,
      currentUserId: admin.id,
      loadError: null,
    };
  } catch (error) {
    logger.error({ err: error }, "failed to list the users");
    return {
      users: [] as ListedUser[],
      page,
      hasMore: false,
      pageCount: 0,
      primaryAdminEmail: null,
      currentUserId: admin.id,
      loadError: LOAD_FAILED,
    };
  }
}

const roleChangeSchema = z.object({
  userId: z.string({ error: ROLE_UPDATE_FAILED }).min(1).max(100),
  role: z.enum(roles, { error: "اختر دوراً من القائمة" }),
});

/** The role selector posts `userId` and `role`; the model enforces the primary-admin rules. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, "admin");
  const submission = parseForm(await readFormData(request), { schema: roleChangeSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ ok: false, message: ROLE_UPDATE_FAILED }, { status: 400 });
  }
  const { userId, role } = submission.value;
  let changed: Awaited<ReturnType<typeof changeUserRole>>;
  try {
    changed = await changeUserRole(admin, userId, role);
  } catch (error) {
    if (error instanceof RoleChangeRefusedError) return refusalAnswer(error);
    const status = failureStatus(error);
    if (status >= 500) logger.error({ err: error, userId }, "failed to change a user's role");
    return data<ActionResult>({ ok: false, message: ROLE_UPDATE_FAILED }, { status });
  }
  const toast = await toastHeader({
    type: "success",
    title: "تم التحديث",
    description: `أصبح دور ${changed.fullName || changed.email}: ${USER_ROLE_LABELS[role]}`,
  });
  return data<ActionResult>({ ok: true }, { headers: { "Set-Cookie": toast } });
}

function RolesLegend() {
  return (
    <ul className="mb-6 grid grid-cols-1 gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-3">
      {roles.map((role) => (
        <li key={role}>
          <span className="font-bold">{USER_ROLE_LABELS[role]}:</span> {ROLE_DESCRIPTIONS[role]}
        </li>
      ))}
    </ul>
  );
}

export default function UsersScreen() {
  const { users, page, hasMore, pageCount, primaryAdminEmail, currentUserId, loadError } =
    useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const reloading = useIsLoadingPath(pathname);
  useErrorToast(loadError);

  let body: React.ReactNode;
  if (reloading) body = <SkeletonCards count={5} />;
  else if (loadError) body = <p className="rounded-2xl bg-white p-6 text-danger">{loadError}</p>;
  else if (pageCount === 0)
    body = (
      <EmptyState
        searching={false}
        icon={Users}
        emptyTitle="لا توجد مستخدمين"
        emptyText="لم يتم العثور على أي مستخدمين في النظام"
      />
    );
  else
    body = (
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-2">
        {users.map((user) => (
          <UserCard
            key={user.id}
            user={user}
            isPrimaryAdmin={user.email.toLowerCase() === primaryAdminEmail}
            isCurrentUser={user.id === currentUserId}
          />
        ))}
      </ul>
    );

  return (
    <div>
      <AdminPageHeader
        title="المستخدمون"
        description="حسابات فريق الجمعية وأدوارهم. يسري الدور الجديد من الطلب التالي لصاحب الحساب."
      />
      <RolesLegend />
      {body}
      <PageLinks
        page={page}
        hasMore={hasMore}
        pageCount={pageCount}
        label="صفحات المستخدمين"
        newer="الحسابات الأحدث"
        older="الحسابات الأقدم"
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
