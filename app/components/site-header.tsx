import { ChevronDown, LayoutDashboard, LogIn, Menu, UserRound, X } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SignOutForm } from "~/components/auth/sign-out-form";
import { Text } from "~/components/content-block";
import { AssociationLogo, VisionLogo } from "~/components/logo";
import { buttonClass } from "~/components/ui/button";
import { MENU, type MenuItem } from "~/content/menu";
import { cn } from "~/utils/cn";
import { hasRole, type Role } from "~/utils/roles";

export interface HeaderUser {
  fullName: string;
  role: Role;
}

/** Admins land on /admin, editors on the dashboard they may use. */
export const staffHome = (user: HeaderUser) =>
  user.role === "admin" ? "/admin" : "/admin/dashboard";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-lg px-3 py-2 font-medium hover:bg-primary-light hover:text-primary-dark",
    isActive && "text-primary",
  );

/** `compact` (the desktop bar, where space is short) shows the account link as an icon. */
function AccountLinks({ user, compact = false }: { user: HeaderUser | null; compact?: boolean }) {
  if (!user) {
    return (
      <Link to="/login" className={buttonClass("outline", "sm")}>
        <LogIn aria-hidden className="size-4" />
        <Text k="header-login">تسجيل الدخول</Text>
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      {hasRole(user, "editor") && (
        <Link to={staffHome(user)} className={buttonClass("secondary", "sm")}>
          <LayoutDashboard aria-hidden className="size-4" />
          <Text k="header-admin">لوحة التحكم</Text>
        </Link>
      )}
      {compact ? (
        <Link
          to="/profile"
          className={buttonClass("ghost", "icon")}
          aria-label="حسابي"
          title="حسابي"
        >
          <UserRound aria-hidden className="size-5" />
        </Link>
      ) : (
        <Link to="/profile" className={buttonClass("ghost", "sm")}>
          <UserRound aria-hidden className="size-4" />
          <Text k="header-profile">حسابي</Text>
        </Link>
      )}
      <SignOutForm from="site">
        <Text k="header-logout">تسجيل الخروج</Text>
      </SignOutForm>
    </div>
  );
}

/**
 * A menu link for Radix NavigationMenu. Its Slot joins class names as strings, so the active
 * state is computed here rather than by NavLink's className function.
 */
function DesktopLink({ item }: { item: MenuItem }) {
  const { pathname } = useLocation();
  const isActive = pathname === item.path;
  return (
    <NavigationMenu.Link asChild active={isActive}>
      <Link
        to={item.path}
        className={linkClass({ isActive })}
        aria-current={isActive ? "page" : undefined}
      >
        <Text k={item.titleKey}>{item.title}</Text>
      </Link>
    </NavigationMenu.Link>
  );
}

function DesktopMenu() {
  return (
    <NavigationMenu.Root
      delayDuration={200}
      skipDelayDuration={300}
      dir="rtl"
      aria-label="القائمة الرئيسية"
      className="relative hidden lg:block"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        {MENU.map((item) =>
          item.subItems ? (
            <NavigationMenu.Item key={item.path} className="relative">
              <NavigationMenu.Trigger className="group flex items-center gap-1 rounded-lg px-3 py-2 font-medium hover:bg-primary-light data-[state=open]:bg-primary-light">
                <Text k={item.titleKey}>{item.title}</Text>
                <ChevronDown
                  aria-hidden
                  className="size-4 transition group-data-[state=open]:rotate-180"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute start-0 top-full z-50 mt-2 w-64 rounded-xl border border-line bg-white p-2 shadow-xl">
                <ul className="flex flex-col">
                  {[{ ...item, subItems: undefined }, ...item.subItems].map((sub) => (
                    <li key={sub.path}>
                      <DesktopLink item={sub} />
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          ) : (
            <NavigationMenu.Item key={item.path}>
              <DesktopLink item={item} />
            </NavigationMenu.Item>
          ),
        )}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

function MobileMenuItem({ item, onChoose }: { item: MenuItem; onChoose: () => void }) {
  return (
    <li>
      <NavLink
        to={item.path}
        end
        onClick={onChoose}
        className={(state) => cn(linkClass(state), "block")}
      >
        {({ isActive }) => (
          <span className={cn("block", isActive && "font-bold")}>
            <Text k={item.titleKey}>{item.title}</Text>
          </span>
        )}
      </NavLink>
      {item.subItems && (
        <ul className="ms-5 border-s-2 border-line ps-2">
          {item.subItems.map((sub) => (
            <MobileMenuItem key={sub.path} item={sub} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Any navigation (including back/forward) closes the mobile menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
        <Link to="/" className="flex items-center gap-3" aria-label="جمعية رفق — الصفحة الرئيسية">
          <AssociationLogo />
          <VisionLogo className="hidden h-9 sm:block" />
        </Link>
        <DesktopMenu />
        <div className="hidden lg:block">
          <AccountLinks user={user} compact />
        </div>
        <button
          type="button"
          className={cn(buttonClass("ghost", "icon"), "lg:hidden")}
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "إغلاق القائمة" : "فتح القائمة"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden /> : <Menu aria-hidden />}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-menu"
          aria-label="القائمة الرئيسية"
          className="border-t border-line px-4 pb-4 lg:hidden"
        >
          <ul className="flex flex-col gap-1 py-2">
            {MENU.map((item) => (
              <MobileMenuItem key={item.path} item={item} onChoose={() => setOpen(false)} />
            ))}
          </ul>
          <AccountLinks user={user} />
        </nav>
      )}
    </header>
  );
}
