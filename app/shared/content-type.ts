import type { LucideIcon } from "lucide-react";
import type { SearchKind } from "./arabic-search";
import type { ListTable } from "./live-event";
import type { Role } from "./roles";

/**
 * A content type declared once (docs/decisions/063): its names, statuses, staff addresses and
 * screens' words, and what the rest of the site derives from it. Pure data: the route config,
 * components, services and models all read it; the table and its "public rows" predicate stay in
 * the type's model.
 */
export interface ContentType<Status extends string = string> {
  /** The staff area's path segment (`/admin/dashboard/<name>`) and the registry's key. */
  name: string;
  /** The route ids' stem: `<routeId>-new`, `<routeId>-edit`. */
  routeId: string;
  /** The route modules' folder, `app/routes/admin/<folder>/{list,form}.tsx`. */
  folder: string;
  /** Arabic: the type as the staff area names it (its list's and menu's title). */
  plural: string;
  /** The sidebar's icon; `nav` places the link among the content or the outreach sections. */
  icon: LucideIcon;
  nav: "content" | "outreach";
  /** Statuses in the order the form offers them, their Arabic words, and those the public sees. */
  statuses: readonly Status[];
  statusLabels: Readonly<Record<Status, string>>;
  publicStatuses: readonly Status[];
  /** Its public page's route, `file` under app/routes/site/ (`id` when code names the route). */
  publicPage?: { path: string; file: string; id?: string };
  /**
   * The table whose changes reach open lists (the live-event NOTIFY table), if any; what the
   * public hears of it is the type's entry in PUBLIC_ROWS (app/models/change-visibility.server.ts).
   */
  liveTable: ListTable | null;
  /** The sitemap's part listing its public pages (`/sitemap/<part>-1.xml`), if it has one. */
  sitemapPart: string | null;
  /** What the site search calls its hits, if searched: its SEARCH_SOURCES entry (search.server.ts). */
  searchKind: SearchKind | null;
  /**
   * Its database tables, all of them in a backup (app/utils/backup dumps every table; the backup
   * test checks each declared table is in the archive's manifest).
   */
  tables: readonly string[];
  /** Who reads its staff screens, who creates and edits, who deletes (the authorization rows). */
  access: { read: Role; write: Role; remove: Role };
  list: {
    description: string;
    /** The "new" button, and its first-item twin in the empty list. */
    newLabel: string;
    addFirstLabel: string;
    /** The search bar; a list without one shows every row, newest first. */
    search?: { label: string; placeholder: string };
    empty: { title: string; text: string };
    /** The table's caption (a list of cards has none) and the page links' names. */
    caption?: string;
    pages: { label: string; newer: string; older: string };
    /** The row buttons' toasts (the spec's words): a status toggled, an entry deleted. */
    toggled?: RowToast;
    deleted?: RowToast;
  };
  form: {
    newTitle: string;
    editTitle: string;
    /** The back link's words: "العودة إلى …". */
    back: string;
    /** The toasts of a saved form: a new entry's, and an edit's words (titled "تم الحفظ"). */
    created: { title: string; description: string };
    updated: string;
    /** The toast's words when an earlier revision is restored, for a type with revisions. */
    restored?: string;
  };
}

/** A row button's success toast's words, and its failure's. */
export interface RowToast {
  done: string;
  failed: string;
}

/** Keeps a declaration's literal status names (a status word is asked for every status). */
export const defineContentType = <const Status extends string>(type: ContentType<Status>) => type;
