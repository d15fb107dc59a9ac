import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { SignOutForm } from "~/components/auth/sign-out-form";
import { Text } from "~/components/content-block";
import { DisplayControls } from "~/components/display-controls";
import { AssociationLogo, VisionLogo } from "~/components/logo";
import {
  ChevronDownIcon,
  CloseIcon,
  DashboardIcon,
  LogInIcon,
  MenuIcon,
  SearchIcon,
  UserIcon,
} from "~/components/site-icons";
import { SiteLink, SiteNavLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button-class";
import { MENU, type MenuItem } from "~/content/menu";
import { cn } from "~/shared/cn";
import { DEFAULT_DISPLAY, type DisplayPreferences } from "~/shared/display-preferences";
import { isExternal } from "~/shared/menus";
import { staffHome } from "~/shared/paths";
import { hasRole, type Role } from "~/shared/roles";

/** What the header knows of the signed-in user: the role, which decides its links. */
export interface HeaderUser {
  role: Role;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-3 py-1 font-medium hover:bg-primary-light hover:text-primary-dark",
    isActive && "text-primary",
  );

/** The spec's menu hover delays (§ timings): 200 ms to open, 150 ms to close, 300 ms skip. */
const OPEN_DELAY = 200;
const CLOSE_DELAY = 150;
const SKIP_DELAY = 300;

/** `compact` (the desktop bar, where space is short) shows the account link as an icon. */
function AccountLinks({ user, compact = false }: { user: HeaderUser | null; compact?: boolean }) {
  if (!user) {
    return (
      <SiteLink to="/login" className={cn(buttonClass("outline", "sm"), "whitespace-nowrap")}>
        <LogInIcon className="size-4" />
        <Text k="header-login">تسجيل الدخول</Text>
      </SiteLink>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {hasRole(user, "editor") && (
        <SiteLink
          to={staffHome(user)}
          className={cn(buttonClass("secondary", "sm"), "whitespace-nowrap")}
        >
          <DashboardIcon className="size-4" />
          <Text k="header-admin">لوحة التحكم</Text>
        </SiteLink>
      )}
      {compact ? (
        <SiteLink
          to="/profile"
          className={buttonClass("ghost", "icon")}
          aria-label="حسابي"
          title="حسابي"
        >
          <UserIcon />
        </SiteLink>
      ) : (
        <SiteLink to="/profile" className={buttonClass("ghost", "sm")}>
          <UserIcon className="size-4" />
          <Text k="header-profile">حسابي</Text>
        </SiteLink>
      )}
      <SignOutForm from="site">
        <Text k="header-logout">تسجيل الخروج</Text>
      </SignOutForm>
    </div>
  );
}

/** A menu item's label: its page text (editable in place) or the label staff gave it. */
export function MenuLabel({ item }: { item: MenuItem }) {
  return item.titleKey ? <Text k={item.titleKey}>{item.title}</Text> : item.title;
}

function MenuLink({ item, className }: { item: MenuItem; className?: string }) {
  if (isExternal(item)) {
    return (
      <a
        href={item.path}
        rel="noopener noreferrer"
        className={cn(linkClass({ isActive: false }), className)}
      >
        <MenuLabel item={item} />
      </a>
    );
  }
  return (
    <SiteNavLink to={item.path} className={(state) => cn(linkClass(state), className)}>
      <MenuLabel item={item} />
    </SiteNavLink>
  );
}

/** Each item's key (its path; a path that repeats gets its place too), for React and the ids. */
const keysOf = (items: MenuItem[]) =>
  items.map((item, index) =>
    items.findIndex((other) => other.path === item.path) === index
      ? item.path
      : `${item.path}~${index}`,
  );

/**
 * The wide screen's menu, WAI "disclosure navigation": each parent is a link to its page with a
 * separate button that shows its sub-pages. Without JavaScript, hovering or focusing a parent
 * shows them (app.css, `.disclosure-nav`); with it, the buttons and the hover delays decide.
 */
function DesktopMenu({ menu }: { menu: MenuItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastClosed = useRef(0);
  const baseId = useId();
  const { pathname } = useLocation();
  const keys = keysOf(menu);
  useEffect(() => setEnhanced(true), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the open list.
  useEffect(() => setOpen(null), [pathname]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    setOpen((current) => {
      if (current) lastClosed.current = Date.now();
      return null;
    });
  };
  const hoverOpen = (path: string) => {
    clearTimeout(timer.current);
    const skip = open !== null || Date.now() - lastClosed.current < SKIP_DELAY;
    if (skip) setOpen(path);
    else timer.current = setTimeout(() => setOpen(path), OPEN_DELAY);
  };
  const hoverClose = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(close, CLOSE_DELAY);
  };

  return (
    <nav
      aria-label="القائمة الرئيسية"
      className="disclosure-nav site-nav-wide print:hidden"
      data-enhanced={enhanced || undefined}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        const button = document.getElementById(`${baseId}-button-${open}`);
        close();
        button?.focus();
      }}
    >
      {/* Wraps onto a second line rather than under its neighbours when its texts grow (edited
          labels, edit mode's controls): docs/decisions/042. */}
      <ul className="flex flex-wrap items-center gap-1">
        {menu.map((item, index) => {
          const key = keys[index];
          if (!item.subItems) {
            return (
              <li key={key}>
                <MenuLink item={item} className="whitespace-nowrap" />
              </li>
            );
          }
          const isOpen = open === key;
          const listId = `${baseId}-list-${key}`;
          return (
            <li
              key={key}
              className="relative flex items-center"
              onMouseEnter={() => hoverOpen(key)}
              onMouseLeave={hoverClose}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null) && isOpen) {
                  close();
                }
              }}
            >
              <MenuLink item={item} className="whitespace-nowrap pe-1" />
              <button
                id={`${baseId}-button-${key}`}
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-primary-light aria-expanded:bg-primary-light"
                aria-expanded={isOpen}
                aria-controls={listId}
                aria-label={`صفحات ${item.title}`}
                onClick={() => (isOpen ? close() : setOpen(key))}
              >
                <ChevronDownIcon
                  className={cn("size-4 motion-safe:transition", isOpen && "rotate-180")}
                />
              </button>
              <ul
                id={listId}
                data-open={isOpen || undefined}
                className="submenu absolute start-0 top-full z-50 w-64 rounded-xl border border-line bg-white p-2 shadow-xl"
              >
                {item.subItems.map((sub, subIndex) => (
                  <li key={keysOf(item.subItems ?? [])[subIndex]}>
                    <MenuLink item={sub} className="flex w-full" />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MobileMenuItem({ item }: { item: MenuItem }) {
  return (
    <li>
      <MenuLink item={item} className="flex" />
      {item.subItems && (
        <ul className="ms-5 border-s-2 border-line ps-2">
          {item.subItems.map((sub, index) => (
            <MobileMenuItem key={keysOf(item.subItems ?? [])[index]} item={sub} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The narrow screen's menu: a <details> element, so it opens without JavaScript. Enhanced, it
 * closes on a new page and on Escape (focus back on its button).
 */
function MobileMenu({ user, menu }: { user: HeaderUser | null; menu: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const signedInAs = user?.role ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page, or signing in or out, closes the menu.
  useEffect(() => setOpen(false), [pathname, signedInAs]);
  // Opened before the page had its app (docs/decisions/033): the element knows, the state learns.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);

  return (
    <details
      ref={details}
      className="site-nav-compact print:hidden"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        summary.current?.focus();
      }}
    >
      <summary
        ref={summary}
        className={cn(
          buttonClass("ghost", "default"),
          "cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden",
        )}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span>القائمة</span>
      </summary>
      <nav
        id="mobile-menu"
        aria-label="القائمة الرئيسية"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-8rem)] overflow-y-auto border-y border-line bg-white px-4 pb-4 shadow-lg"
      >
        <ul className="flex flex-col gap-1 py-2">
          {menu.map((item, index) => (
            <MobileMenuItem key={keysOf(menu)[index]} item={item} />
          ))}
        </ul>
        <AccountLinks user={user} />
      </nav>
    </details>
  );
}

export function SiteHeader({
  user,
  display = DEFAULT_DISPLAY,
  menu,
}: {
  user: HeaderUser | null;
  display?: DisplayPreferences;
  /** The menu as staff arranged it; none: the spec's (docs/decisions/050). */
  menu?: MenuItem[] | null;
}) {
  const items = menu ?? MENU;
  return (
    <header className="site-header z-40 border-b border-line bg-white/95 backdrop-blur">
      {/* The top bar: the display choices, the search link, and on wide screens the account links,
          so the row below holds only the logos and the menu (docs/decisions/042). */}
      <div className="border-b border-line bg-surface print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1">
          <DisplayControls initial={display} />
          <div className="flex items-center gap-2">
            <SiteLink
              to="/search"
              aria-label="البحث في الموقع"
              className={buttonClass("ghost", "icon")}
            >
              <SearchIcon />
            </SiteLink>
            <div className="site-nav-wide">
              <AccountLinks user={user} compact />
            </div>
          </div>
        </div>
      </div>
      {/* When the menu does not fit beside the logos it moves to a line of its own below them. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
        <SiteLink
          to="/"
          className="flex min-h-11 shrink-0 items-center gap-3"
          aria-label="جمعية رفق — الصفحة الرئيسية"
        >
          <AssociationLogo />
          <VisionLogo className="hidden h-9 sm:block" />
        </SiteLink>
        <DesktopMenu menu={items} />
        <MobileMenu user={user} menu={items} />
      </div>
    </header>
  );
}
