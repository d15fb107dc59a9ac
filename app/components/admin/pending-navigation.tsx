import { useLocation, useNavigation } from "react-router";
import { SkeletonCards, SkeletonRows } from "./skeletons";
import { STAFF_PATHS } from "./staff-paths";

/**
 * Whether the router is loading `pathname` (any query). A list uses it for its own searches
 * and filters; the dashboard layout uses it for screens being opened from elsewhere.
 */
export function useIsLoadingPath(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}

/** The screen the router is loading, when it is not the one on show (else null). */
export function usePendingPathname(): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  return navigation.location.pathname === location.pathname ? null : navigation.location.pathname;
}

/** What each list looks like while it loads (spec §9: skeleton counts). */
const LIST_PLACEHOLDERS: Record<string, { title: string; body: React.ReactNode }> = {
  [STAFF_PATHS.posts.list]: { title: "المقالات والأخبار", body: <SkeletonRows count={5} /> },
  [STAFF_PATHS.videos.list]: {
    title: "الفيديوهات",
    body: <SkeletonCards count={3} grid="wide" />,
  },
  [STAFF_PATHS.images.list]: { title: "معرض الصور", body: <SkeletonCards count={6} /> },
  [STAFF_PATHS.users]: { title: "المستخدمون", body: <SkeletonCards count={5} /> },
};

/**
 * Shown by the dashboard layout instead of the current screen while a list is being opened
 * from another screen; null for screens without a placeholder.
 */
export function PendingListScreen({ pathname }: { pathname: string }) {
  const placeholder = LIST_PLACEHOLDERS[pathname];
  if (!placeholder) return null;
  return (
    <div>
      <p className="mb-6 text-2xl font-bold text-ink md:text-3xl" aria-hidden>
        {placeholder.title}
      </p>
      {placeholder.body}
    </div>
  );
}

/** The placeholder of the list at `pathname`, also shown while the list runs a search. */
export function ListSkeleton({ pathname }: { pathname: string }) {
  return LIST_PLACEHOLDERS[pathname]?.body ?? null;
}

export const hasPendingPlaceholder = (pathname: string) => pathname in LIST_PLACEHOLDERS;
