import { useEffect, useMemo, useRef, useState } from "react";
import {
  type UIMatch,
  useFetchers,
  useLocation,
  useMatches,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import type { CardListMap, StoredCardList } from "~/shared/card-items";
import { type BlockMap, blockId, type StoredBlock } from "~/shared/content-blocks";
import {
  concerns,
  HELD_STREAM,
  type HeldStream,
  LIST_TABLES,
  type ListTable,
  type LiveEvent,
  liveListsOf,
  RESYNC_EVENT,
} from "~/shared/live-event";
import { livePageAt } from "~/shared/live-page";
import { canManageContent, normaliseRole } from "~/shared/roles";
import type { SettingKey } from "~/shared/site-settings";

/** The settings the site layout applies from the event itself. */
const LAYOUT_SETTINGS = ["contact_info", "social_links"] as const;
type LayoutSetting = (typeof LAYOUT_SETTINGS)[number];

const MAX_EVENTS_PER_SECOND = 10;

/** Whether the event itself holds all the page needs (no request): a text, a layout setting. */
export function carriesValue(event: LiveEvent): boolean {
  if (event.table === "page_content") return "block" in event && Boolean(event.key);
  if (event.table === "content_lists") return "list" in event && Boolean(event.key);
  if (event.table === "site_settings") {
    return "value" in event && LAYOUT_SETTINGS.includes(event.key as LayoutSetting);
  }
  return false;
}

/** The lists the matched routes show. */
export const listsOf = (matches: UIMatch[]): ListTable[] =>
  liveListsOf(matches.map((match) => match.handle));

// Values that arrived in events, for the hooks below to apply over the loaders' data.
const arrived = new EventTarget();
const VALUE_EVENT = "value";
const emitValue = (event: LiveEvent) =>
  arrived.dispatchEvent(new CustomEvent<LiveEvent>(VALUE_EVENT, { detail: event }));

function useArrivedValues(apply: (event: LiveEvent) => void) {
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<LiveEvent>).detail);
    arrived.addEventListener(VALUE_EVENT, listener);
    return () => arrived.removeEventListener(VALUE_EVENT, listener);
  }, []);
}

/**
 * The loader's page texts with the values that arrived since in events; fresh loader data (a
 * navigation, a re-sync) starts over from what it holds.
 */
export function useLiveBlocks(loaded: BlockMap, paths: readonly string[]): BlockMap {
  const [changes, setChanges] = useState<{
    base: BlockMap;
    blocks: Record<string, StoredBlock | null>;
  }>({ base: loaded, blocks: {} });
  useArrivedValues((event) => {
    if (event.table !== "page_content" || !event.page_path || !event.key) return;
    if (!paths.includes(event.page_path)) return;
    const id = blockId(event.page_path, event.key);
    setChanges((previous) => ({
      base: loaded,
      blocks: { ...(previous.base === loaded ? previous.blocks : {}), [id]: event.block ?? null },
    }));
  });
  return useMemo(() => {
    if (changes.base !== loaded) return loaded;
    const merged = { ...loaded };
    for (const [id, block] of Object.entries(changes.blocks)) {
      if (block) merged[id] = block;
      else delete merged[id];
    }
    return merged;
  }, [loaded, changes]);
}

/**
 * The loader's card lists with the lists that arrived since in events (docs/decisions/047), as
 * `useLiveBlocks` does for page texts.
 */
export function useLiveCardLists(loaded: CardListMap, paths: readonly string[]): CardListMap {
  const [changes, setChanges] = useState<{
    base: CardListMap;
    lists: Record<string, StoredCardList | null>;
  }>({ base: loaded, lists: {} });
  useArrivedValues((event) => {
    if (event.table !== "content_lists" || !event.page_path || !event.key) return;
    if (!paths.includes(event.page_path)) return;
    const id = blockId(event.page_path, event.key);
    setChanges((previous) => ({
      base: loaded,
      lists: { ...(previous.base === loaded ? previous.lists : {}), [id]: event.list ?? null },
    }));
  });
  return useMemo(() => {
    if (changes.base !== loaded) return loaded;
    const merged = { ...loaded };
    for (const [id, list] of Object.entries(changes.lists)) {
      if (list) merged[id] = list;
      else delete merged[id];
    }
    return merged;
  }, [loaded, changes]);
}

/**
 * A setting as loaded, or as an event since brought it: the layout's, and the donation account
 * on the donate page (whose loaders read it again for the page's title).
 */
export function useLiveSetting<T>(key: SettingKey, loaded: T): T {
  const [change, setChange] = useState<{ base: T; value: T } | null>(null);
  useArrivedValues((event) => {
    if (event.table === "site_settings" && event.key === key && "value" in event) {
      setChange({ base: loaded, value: event.value as T });
    }
  });
  return change && change.base === loaded ? change.value : loaded;
}

/** The stream a reader's page held before it hydrated (app/reading-boot). */
function takeHandedStream(): HeldStream | null {
  const holder = window as { [HELD_STREAM]?: HeldStream };
  const handed = holder[HELD_STREAM] ?? null;
  delete holder[HELD_STREAM];
  handed?.stop();
  return handed;
}

/** Whose stream the page holds: the server decides at connect what a stream may hear. */
function useStreamAudience(): "staff" | "public" {
  const data = useRouteLoaderData("root") as { user?: { role?: unknown } | null } | undefined;
  const role = data?.user ? normaliseRole(data.user.role) : null;
  return role && canManageContent({ role }) ? "staff" : "public";
}

/**
 * Keeps the open page in step with the database. A page text or layout setting arrives with its
 * new value and is applied at once (useLiveBlocks, useLiveSetting); any other change that
 * concerns the page re-runs its loaders, so lists and settings refresh without a reload (signed
 * out, those data requests are answered by the page cache: one render per change for all pages). EventSource reconnects by
 * itself (the server asks for 2 s) and the page then re-runs its loaders once, as it does on
 * the server's `resync` event, since changes may have been missed meanwhile. Bursts are capped
 * at 10 events a second. Signing in or out opens a new stream, for what the new user may hear.
 * Returns whether the page has applied the values it heard before it hydrated.
 */
export function useLiveUpdates(): boolean {
  const audience = useStreamAudience();
  const [caughtUp, setCaughtUp] = useState(false);
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const lists = listsOf(useMatches());
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A revalidation in the middle of a navigation or fetcher load would abort its requests (and
  // with them a flash toast the server already handed out): it waits until the router is idle.
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const deferred = useRef(false);
  const latest = useRef({ revalidate, pathname, lists, busy });
  latest.current = { revalidate, pathname, lists, busy };

  useEffect(() => {
    if (busy || !deferred.current) return;
    deferred.current = false;
    revalidate();
  }, [busy, revalidate]);

  // A new audience (signed in or out) needs a new stream.
  useEffect(() => {
    // A reader's page that hydrated late takes over the stream its inline script held.
    const handed = takeHandedStream();
    const source = handed?.source ?? new EventSource("/realtime");
    let windowStart = 0;
    let eventsInWindow = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let opened = source.readyState === EventSource.OPEN;

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
    const receive = (event: LiveEvent) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        eventsInWindow = 0;
      }
      // Past the cap the page stops applying events one by one and re-reads once instead.
      if (++eventsInWindow > MAX_EVENTS_PER_SECOND) return refreshSoon();
      const { pathname, lists } = latest.current;
      // Staff screens declare no lists: staff pages hear every list (they are few).
      const page = livePageAt(pathname, audience === "staff" ? LIST_TABLES : lists);
      if (!concerns(event, page)) return;
      // A setting's new value shows at once where a page applies it (useLiveSetting), also when
      // the loaders must read it again for what only they give (the donate page's <title>).
      const carried = carriesValue(event);
      if (carried || (event.table === "site_settings" && "value" in event)) emitValue(event);
      if (!carried) refreshSoon();
    };
    source.onmessage = (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      receive(event);
    };
    // What the page heard before it hydrated (null: changes may have been missed). The values
    // it carried commit with `caughtUp`: a reader's click that brought the app is replayed then
    // (app/reading-boot/held-app.ts), on what the held page showed — a donation account it
    // applied (docs/decisions/055) is copied as now stored.
    for (const event of handed?.heard ?? []) {
      if (event) receive(event);
      else refreshSoon();
    }
    setCaughtUp(true);
    return () => {
      clearTimeout(pending);
      source.close();
    };
  }, [audience]);
  return caughtUp;
}
