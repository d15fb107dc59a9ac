import { Eye, PenLine, ShieldCheck } from "lucide-react";
import { cn } from "~/shared/cn";
import type { Role } from "~/shared/roles";

/** The user-management screen's words for the roles (spec §2.10). */
export const USER_ROLE_LABELS: Record<Role, string> = {
  admin: "مشرف",
  editor: "محرر",
  viewer: "مشاهد",
};

/** What each role may do, in one line, for whoever assigns it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: "يطّلع على لوحة التحكم دون تعديل",
  editor: "يضيف المقالات والفيديوهات والصور وينشرها",
  admin: "يدير كل شيء، ومنه المستخدمون والإعدادات",
};

const STYLES: Record<Role, { className: string; icon: typeof Eye }> = {
  admin: { className: "bg-primary text-white", icon: ShieldCheck },
  editor: { className: "bg-primary-light text-primary-dark", icon: PenLine },
  viewer: { className: "bg-surface text-ink ring-1 ring-line", icon: Eye },
};

/** A role as a word and an icon (never colour alone). */
export function RoleBadge({ role }: { role: Role }) {
  const { className, icon: Icon } = STYLES[role];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap",
        className,
      )}
    >
      <Icon aria-hidden className="size-4" />
      {USER_ROLE_LABELS[role]}
    </span>
  );
}
