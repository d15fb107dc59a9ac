import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Outlet, useLoaderData, useLocation, useNavigation } from "react-router";
import { PendingListScreen, usePendingPathname } from "~/components/admin/pending-navigation";
import { SidebarToggle, StaffBrand, StaffNav, UserMenu } from "~/components/admin/staff-navigation";
import { useStaffActor } from "~/components/admin/use-staff-actor";
import { ErrorScreen } from "~/components/error-screen";
import { requireRole } from "~/services/permissions.server";
import type { Actor } from "~/shared/roles";
import type { StaffLayoutData } from "~/shared/staff-layout";
import type { Route } from "./+types/dashboard-layout";

export const meta: Route.MetaFunction = () => [{ title: "لوحة التحكم | جمعية رفق" }];

/**
 * The staff area is for editors and admins (docs/decisions/020): signed-out visitors go to /login,
 * viewers get the 403 page. Every child loader and every model checks the role again, since
 * React Router runs child loaders (and `.data` requests) without waiting for this one.
 */
export async function loader({ request }: Route.LoaderArgs): Promise<StaffLayoutData> {
  const actor = await requireRole(request, "editor");
  return { actor };
}

const SIDEBAR_ID = "staff-sidebar";

export default function DashboardLayout() {
  const { actor } = useLoaderData<typeof loader>();
  const pendingPathname = usePendingPathname();
  return (
    <StaffFrame actor={actor}>
      {pendingPathname ? <PendingListScreen pathname={pendingPathname} /> : <Outlet />}
    </StaffFrame>
  );
}

/**
 * A staff screen that failed keeps the staff frame (brand, navigation, user menu) around the
 * error screen; the navigation needs the layout's actor, so a failed layout loader shows the frame
 * without it.
 */
export function ErrorBoundary() {
  return (
    <StaffFrame actor={useStaffActor()}>
      <ErrorScreen />
    </StaffFrame>
  );
}

function StaffFrame({ actor, children }: { actor: Actor | null; children: React.ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const header = useRef<HTMLElement>(null);

  // The small-screen menu closes once a section is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => setSidebarOpen(false), [pathname]);
  // Escape closes the small-screen menu and returns focus to its button.
  useEffect(() => {
    if (!sidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setSidebarOpen(false);
      header.current?.querySelector<HTMLElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [sidebarOpen]);

  return (
    <div className="min-h-screen bg-surface lg:flex">
      <a
        href="#staff-main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3"
      >
        تخطَّ إلى المحتوى
      </a>
      <aside className="hidden w-72 shrink-0 border-e border-line bg-white lg:block">
        <div className="sticky top-0 space-y-6 p-5">
          <StaffBrand />
          {actor && <StaffNav actor={actor} />}
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header
          ref={header}
          className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur"
        >
          <div className="flex items-center justify-between gap-3 px-4 py-2 md:px-8">
            <div className="flex items-center gap-2 lg:hidden">
              {actor && (
                <SidebarToggle
                  open={sidebarOpen}
                  controls={SIDEBAR_ID}
                  onToggle={() => setSidebarOpen((open) => !open)}
                />
              )}
              <StaffBrand />
            </div>
            <p className="hidden font-medium text-muted lg:block">لوحة تحكم جمعية رفق</p>
            <div className="flex items-center gap-3">
              {navigation.state !== "idle" && (
                <span role="status" className="flex items-center gap-2 text-sm text-muted">
                  <Loader2 aria-hidden className="size-5 animate-spin text-primary" />
                  <span className="sr-only md:not-sr-only">جارٍ التحميل…</span>
                </span>
              )}
              {actor && <UserMenu actor={actor} />}
            </div>
          </div>
          {/* The phone's copy of the sidebar is drawn only while open (it needs JavaScript to
              open): a closed one was ~25 links and icons more in every staff page's HTML. */}
          {actor &&
            (sidebarOpen ? (
              <StaffNav
                actor={actor}
                id={SIDEBAR_ID}
                className="border-t border-line p-4 lg:hidden"
              />
            ) : (
              <div id={SIDEBAR_ID} hidden />
            ))}
        </header>
        <main id="staff-main" className="mx-auto max-w-6xl p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
