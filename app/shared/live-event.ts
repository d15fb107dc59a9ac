import type { StoredCardList } from "./card-items";
import type { StoredBlock } from "./content-blocks";

/**
 * One home for "which change concerns which page" (docs/decisions/040): the change event in each
 * of its shapes, the name of the re-sync event, and `concerns`, which the page cache
 * (server/page-cache.ts), the app's live updates (app/components/live-updates.ts) and a reader's
 * held page (app/reading-boot) all ask.
 */

/**
 * The tables whose rows pages show as lists; a route names those it shows (`LiveHandle`). The
 * inboxes' tables (database/migrations/0005) are shown only in the staff area, whose pages hear
 * every list.
 */
export type ListTable =
  | "posts"
  | "videos"
  | "images"
  | "volunteers"
  | "survey_responses"
  | "newsletter_subscribers"
  // The documents library (docs/decisions/048).
  | "documents"
  // Events (docs/decisions/052): an event's row carries its seats left; registrations are staff's.
  | "events"
  | "event_registrations"
  // Newsletter campaigns (docs/decisions/051): the public archive; never streamed to the public.
  | "newsletter_campaigns"
  // Pages built from blocks (docs/decisions/049): the public hears only published ones.
  | "pages";
export const LIST_TABLES: readonly ListTable[] = [
  "posts",
  "videos",
  "images",
  "volunteers",
  "survey_responses",
  "newsletter_subscribers",
  // The documents library (docs/decisions/048).
  "documents",
  "events",
  "event_registrations",
  "newsletter_campaigns",
  "pages",
];

/** Every table whose changes are announced (database/migrations/0001, 0003, 0005, 0011 and 0014). */
export type ChangeTable = "page_content" | "site_settings" | ListTable | CardListTable | MenusTable;

/** The card lists admins change in edit mode (database/migrations/0011, docs/decisions/047). */
export type CardListTable = "content_lists";

/** The menus (database/migrations/0014): every public page shows them (docs/decisions/050). */
export type MenusTable = "menus";

/** What a content table's trigger announces: every other shape of the event derives from it. */
export interface ChangeEvent {
  table: ChangeTable;
  op: "INSERT" | "UPDATE" | "DELETE";
  key: string | null;
  page_path?: string | null;
  /**
   * Sent by the scheduler (scheduled-posts.server.ts), not a trigger: this post has just come
   * due. Every process announces it, so the public hears only the first of them.
   */
  due?: true;
}

/**
 * What the session triggers announce on the same channel (database/migrations/0009): a session
 * ended, or a user's role, name or address changed. Each process forgets the sessions it keeps;
 * it is never streamed to browsers and clears no cached page (docs/decisions/038).
 */
export interface SessionsChanged {
  table: "sessions";
  op: "UPDATE" | "DELETE";
}

/** Every notification on the changes channel. */
export type ChannelEvent = ChangeEvent | SessionsChanged;

export const isSessionsChanged = (event: ChannelEvent): event is SessionsChanged =>
  event.table === "sessions";

/** A change with the new value a page shows, so open pages apply it without a request. */
export type ChangeWithValue = ChangeEvent & {
  /** A page text as now stored (sanitized); null: back to its built-in default. */
  block?: StoredBlock | null;
  /** A public setting as pages read it (over its default). */
  value?: unknown;
  /** A card list as now stored (every stored list is public); null: back to its defaults. */
  list?: StoredCardList | null;
};

/**
 * What a signed-out stream hears: the table and, for a page text or a public setting, which one
 * with its new value — never a row's key or the operation.
 */
export type PublicChange = Pick<ChangeWithValue, "table"> &
  Partial<Pick<ChangeWithValue, "page_path" | "key" | "block" | "value" | "list">>;

/**
 * What an open page hears on /realtime (server/realtime.ts): a staff stream sends the whole
 * `ChangeWithValue`, a public one a `PublicChange`; the first is one of the second.
 */
export type LiveEvent = PublicChange;

/** The named event that tells open pages that changes may have been missed: re-run loaders. */
export const RESYNC_EVENT = "resync";

/** A route module's `handle`: the lists it shows, so the changes to them reach its pages. */
export interface LiveHandle {
  liveLists?: readonly ListTable[];
}

/** A page (or a cached answer: a data request, a feed) as a change is measured against it. */
export interface LivePage {
  /** The path its own texts are stored under (`toPagePath` of its address). */
  pagePath: string;
  /** The layout's texts' path (`SHARED_BLOCK_PATH`): every page shows them. */
  sharedPath: string;
  /** The lists its routes show (their handles' `liveLists`). */
  lists: readonly ListTable[];
}

/**
 * Whether a change can alter a page: its own texts and the layout's (a text without a page: every
 * page), every public setting, the menus, and the lists its routes show.
 */
export function concerns(event: Pick<LiveEvent, "table" | "page_path">, page: LivePage): boolean {
  switch (event.table) {
    case "page_content":
      return (
        !event.page_path || event.page_path === page.sharedPath || event.page_path === page.pagePath
      );
    case "site_settings":
      return true;
    // A card list is shown by its own page only (docs/decisions/047).
    case "content_lists":
      return !event.page_path || event.page_path === page.pagePath;
    case "menus":
      return true;
    default:
      return (page.lists as readonly string[]).includes(event.table);
  }
}

/** The lists the given route handles show, each once. */
export function liveListsOf(handles: Iterable<unknown>): ListTable[] {
  const lists = new Set<ListTable>();
  for (const handle of handles) {
    for (const list of (handle as LiveHandle | undefined)?.liveLists ?? []) lists.add(list);
  }
  return [...lists];
}

/**
 * The stream a reader's held page opened before its app came (app/reading-boot), and what it
 * heard meanwhile (null: changes may have been missed). The app's live updates take it over.
 */
export interface HeldStream {
  source: EventSource;
  heard: (LiveEvent | null)[];
  stop: () => void;
}

/** Where a held page leaves its stream for the app (`window[HELD_STREAM]`). */
export const HELD_STREAM = "__rifqLive";

/**
 * Where a held page leaves the function that puts back what the server rendered where it
 * applied a change (app/reading-boot/rendered.ts): the app's root calls it before it hydrates.
 */
export const RESTORE_RENDERED = "__rifqRestoreRendered";
