import {
  BarChart3,
  ClipboardList,
  Globe,
  HandHeart,
  History,
  LayoutDashboard,
  LineChart,
  ListTree,
  LogOut,
  type LucideIcon,
  Mail,
  Menu,
  Settings,
  ShieldCheck,
  Tags,
  UserRound,
  Users,
  X,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef } from "react";
import { Form, Link, NavLink } from "react-router";
import { AssociationLogo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { lightIcon } from "~/components/ui/light-icon";
import { cn } from "~/shared/cn";
import { CONTENT_TYPE_LIST, type ContentType, staffSection } from "~/shared/content-types";
import { type Actor, hasRole, ROLE_LABELS } from "~/shared/roles";
import { STAFF_PATHS } from "./staff-paths";

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The content types of one sidebar group, as their declarations name them (docs/decisions/063). */
const contentSections = (group: ContentType["nav"]): NavItem[] =>
  CONTENT_TYPE_LIST.filter((type) => type.nav === group).map((type) => ({
    to: staffSection(type.name).list,
    label: type.plural,
    icon: type.icon,
  }));

/** The staff area's sections (spec §2.4); users and settings are for administrators. */
export const STAFF_SECTIONS: NavItem[] = [
  { to: STAFF_PATHS.overview, label: "لوحة التحكم", icon: LayoutDashboard },
  { to: STAFF_PATHS.statistics, label: "إحصاءات القراءة", icon: LineChart },
  ...contentSections("content"),
  { to: STAFF_PATHS.categories, label: "التصنيفات", icon: Tags },
  { to: STAFF_PATHS.requests, label: "الطلبات", icon: ClipboardList },
  { to: STAFF_PATHS.volunteers, label: "المتطوعون", icon: HandHeart },
  { to: STAFF_PATHS.surveys, label: "نتائج الاستبيانات", icon: BarChart3 },
  { to: STAFF_PATHS.subscribers, label: "مشتركو النشرة", icon: Mail },
  ...contentSections("outreach"),
  { to: STAFF_PATHS.users, label: "المستخدمون", icon: Users, adminOnly: true },
  { to: STAFF_PATHS.settings, label: "الإعدادات", icon: Settings, adminOnly: true },
  { to: STAFF_PATHS.menus, label: "القوائم", icon: ListTree, adminOnly: true },
  { to: STAFF_PATHS.privacy, label: "بيانات شخص", icon: ShieldCheck, adminOnly: true },
  { to: STAFF_PATHS.auditLog, label: "سجل التغييرات", icon: History, adminOnly: true },
];

/** The sections' icons built once (docs/decisions/080): every staff page draws them all. */
const SECTION_ICONS = new Map(STAFF_SECTIONS.map(({ icon }) => [icon, lightIcon(icon)]));

export const sectionsFor = (actor: Pick<Actor, "role">) =>
  STAFF_SECTIONS.filter((item) => !item.adminOnly || hasRole(actor, "admin"));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-12 items-center gap-3 rounded-xl px-4 font-medium transition",
    isActive ? "bg-primary text-white" : "text-ink hover:bg-primary-light hover:text-primary-dark",
  );

/** The sidebar's links; the overview link is active only on the overview itself. */
export function StaffNav({
  actor,
  id,
  className,
}: {
  actor: Pick<Actor, "role">;
  id?: string;
  className?: string;
}) {
  return (
    <nav id={id} aria-label="أقسام لوحة التحكم" className={className}>
      <ul className="space-y-1">
        {sectionsFor(actor).map(({ to, label, icon }) => {
          const Icon = SECTION_ICONS.get(icon) ?? icon;
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={to === STAFF_PATHS.overview}
                className={linkClass}
                prefetch="intent"
              >
                <Icon aria-hidden className="size-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The button that opens and closes the sidebar on small screens. */
export function SidebarToggle({
  open,
  onToggle,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? "إغلاق القائمة" : "فتح القائمة"}
      onClick={onToggle}
    >
      {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
    </Button>
  );
}

export function StaffBrand() {
  return (
    <Link to={STAFF_PATHS.overview} className="flex items-center gap-3" aria-label="لوحة التحكم">
      <AssociationLogo className="h-10" />
    </Link>
  );
}

const itemClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 outline-none data-[highlighted]:bg-primary data-[highlighted]:text-white";

/**
 * The account menu (Radix DropdownMenu): profile, the main site and sign-out. Sign-out is a
 * POST to /logout (from=admin tells it the request came from the staff area).
 */
export function UserMenu({ actor }: { actor: Pick<Actor, "fullName" | "email" | "role"> }) {
  const name = actor.fullName || actor.email;
  const logoutForm = useRef<HTMLFormElement>(null);
  return (
    <>
      <Form ref={logoutForm} method="post" action={STAFF_PATHS.logout} hidden>
        <input type="hidden" name="from" value="admin" />
      </Form>
      <DropdownMenu.Root dir="rtl" modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" className="gap-3 px-2" aria-label={`قائمة الحساب: ${name}`}>
            <span
              aria-hidden
              className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-white"
            >
              {name.trim().charAt(0)}
            </span>
            <span className="hidden text-start leading-tight sm:block">
              <span className="block font-medium">{name}</span>
              <span className="block text-sm text-muted">{ROLE_LABELS[actor.role]}</span>
            </span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-xl border border-line bg-white p-2 shadow-lg"
          >
            <DropdownMenu.Label className="px-3 py-2 text-sm text-muted">
              {actor.email}
            </DropdownMenu.Label>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={STAFF_PATHS.profile}>
                <UserRound aria-hidden className="size-5" />
                الملف الشخصي
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={STAFF_PATHS.site}>
                <Globe aria-hidden className="size-5" />
                الموقع الرئيسي
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            {/* The menu unmounts its items as it closes, which would cancel a plain submit
                button's submission, so choosing the item submits the form outside the menu. */}
            <DropdownMenu.Item
              className={cn(itemClass, "text-danger")}
              onSelect={() => logoutForm.current?.requestSubmit()}
            >
              <LogOut aria-hidden className="size-5" />
              تسجيل الخروج
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
