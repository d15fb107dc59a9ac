import { Crown } from "lucide-react";
import { formatDate, isoDate } from "~/shared/dates";
import type { Role } from "~/shared/roles";
import { RoleBadge } from "./role-badge";
import { RoleForm } from "./role-form";

export interface UserCardData {
  id: string;
  fullName: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  createdAt: Date | string;
}

function Avatar({ user }: { user: UserCardData }) {
  if (user.avatarUrl) {
    return (
      <img src={user.avatarUrl} alt="" className="size-14 shrink-0 rounded-full object-cover" />
    );
  }
  // The first letter of the name, else of the e-mail (spec §2.10).
  const letter = (user.fullName.trim() || user.email).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-light text-2xl font-bold text-primary-dark"
    >
      {letter}
    </span>
  );
}

/**
 * One member of the team (spec §2.10): avatar, name, e-mail, join date, role, and the role
 * selector — hidden on the primary admin's card for everyone but the primary admin.
 */
export function UserCard({
  user,
  isPrimaryAdmin,
  isCurrentUser,
}: {
  user: UserCardData;
  isPrimaryAdmin: boolean;
  isCurrentUser: boolean;
}) {
  const name = user.fullName.trim() || "مستخدم";
  const canChooseRole = !isPrimaryAdmin || isCurrentUser;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <Avatar user={user} />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="flex flex-wrap items-center gap-2 text-lg">
            {name}
            {isPrimaryAdmin && (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-[#7a5513]">
                <Crown aria-hidden className="size-5 fill-accent text-[#7a5513]" />
                المشرف الأساسي
              </span>
            )}
            {isCurrentUser && <span className="text-sm font-normal text-muted">(أنت)</span>}
          </h2>
          <p className="text-muted [overflow-wrap:anywhere]">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
        </div>
      </div>
      <dl className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <div className="flex items-center gap-2">
          <dt className="text-muted">انضم في</dt>
          <dd>
            <time dateTime={isoDate(user.createdAt)}>{formatDate(user.createdAt)}</time>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">الدور الحالي</dt>
          <dd>
            <RoleBadge role={user.role} />
          </dd>
        </div>
      </dl>
      {canChooseRole ? (
        <div className="space-y-2">
          <RoleForm userId={user.id} name={name} role={user.role} />
          {isCurrentUser && (
            <p className="text-sm text-muted">لا يمكنك خفض دورك بنفسك؛ يبقى للموقع مشرف دائماً.</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted">لا يغيّر دورَ المشرف الأساسي أحدٌ غيره.</p>
      )}
    </li>
  );
}
