import { useEffect, useRef } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
import { SHARED_BLOCK_PATH, toPagePath } from "./content-blocks";

/** What the server pushes on /realtime (server/realtime.ts). */
export interface ChangeEvent {
  table: string;
  op: string;
  key: string | null;
  page_path?: string | null;
}

const MAX_EVENTS_PER_SECOND = 10;

/** Whether a change concerns the page at `pathname` (other pages' texts are ignored). */
export function concernsPage(event: ChangeEvent, pathname: string): boolean {
  if (event.table !== "page_content") return true;
  return event.page_path === toPagePath(pathname) || event.page_path === SHARED_BLOCK_PATH;
}

/**
 * Keeps the open page in step with the database: every relevant change re-runs the page's
 * loaders, so texts, settings and lists refresh without a reload. EventSource reconnects by
 * itself (the server asks for 2 s); bursts are capped at 10 events a second.
 */
export function useLiveUpdates() {
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

  useEffect(() => {
    const source = new EventSource("/realtime");
    let windowStart = 0;
    let eventsInWindow = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;

    source.onmessage = (message) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        eventsInWindow = 0;
      }
      if (++eventsInWindow > MAX_EVENTS_PER_SECOND) return;
      let event: ChangeEvent;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (!concernsPage(event, latest.current.pathname)) return;
      // Coalesce a burst of changes into one refresh.
      clearTimeout(pending);
      pending = setTimeout(() => {
        if (latest.current.busy) deferred.current = true;
        else latest.current.revalidate();
      }, 100);
    };
    return () => {
      clearTimeout(pending);
      source.close();
    };
  }, []);
}
