import { useEffect, useRef } from "react";
import {
  useFetchers,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import { SHARED_BLOCK_PATH, toPagePath } from "./content-blocks";
import { canManageContent, normaliseRole } from "./roles";

/**
 * What a page needs to hear of a change on /realtime (server/realtime.ts): its table and, for a
 * page text, its page. Staff streams carry the trigger's whole event (operation and key too).
 */
export interface LiveEvent {
  table: string;
  page_path?: string | null;
}

/** The named event that tells open pages that changes may have been missed: re-run loaders. */
export const RESYNC_EVENT = "resync";

const MAX_EVENTS_PER_SECOND = 10;

/** Whether a change concerns the page at `pathname` (other pages' texts are ignored). */
export function concernsPage(event: LiveEvent, pathname: string): boolean {
  if (event.table !== "page_content") return true;
  return event.page_path === toPagePath(pathname) || event.page_path === SHARED_BLOCK_PATH;
}

/** Whose stream the page holds: the server decides at connect what a stream may hear. */
function useStreamAudience(): "staff" | "public" {
  const data = useRouteLoaderData("root") as { user?: { role?: unknown } | null } | undefined;
  const role = data?.user ? normaliseRole(data.user.role) : null;
  return role && canManageContent({ role }) ? "staff" : "public";
}

/**
 * Keeps the open page in step with the database: every relevant change re-runs the page's
 * loaders, so texts, settings and lists refresh without a reload. EventSource reconnects by
 * itself (the server asks for 2 s) and the page then re-runs its loaders once, as it does on
 * the server's `resync` event, since changes may have been missed meanwhile. Bursts are capped
 * at 10 events a second. Signing in or out opens a new stream, for what the new user may hear.
 */
export function useLiveUpdates() {
  const audience = useStreamAudience();
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A revalidation in the middle of a navigation or fetcher load would abort its requests (and
  // with them a flash toast the server already handed out): it waits until the router is idle.
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const deferred = useRef(false);
  const latest = useRef({ revalidate, pathname, busy });
  latest.current = { revalidate, pathname, busy };

  useEffect(() => {
    if (busy || !deferred.current) return;
    deferred.current = false;
    revalidate();
  }, [busy, revalidate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new audience needs a new stream
  useEffect(() => {
    const source = new EventSource("/realtime");
    let windowStart = 0;
    let eventsInWindow = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let opened = false;

    // Coalesces a burst of changes into one refresh.
    const refreshSoon = () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        if (latest.current.busy) deferred.current = true;
        else latest.current.revalidate();
      }, 100);
    };

    source.onopen = () => {
      if (opened) refreshSoon(); // a reconnect: whatever changed meanwhile was not heard
      opened = true;
    };
    source.addEventListener(RESYNC_EVENT, refreshSoon);
    source.onmessage = (message) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        eventsInWindow = 0;
      }
      if (++eventsInWindow > MAX_EVENTS_PER_SECOND) return;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (concernsPage(event, latest.current.pathname)) refreshSoon();
    };
    return () => {
      clearTimeout(pending);
      source.close();
    };
  }, [audience]);
}
