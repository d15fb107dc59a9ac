import { z } from "zod";
import { MENU, type MenuItem } from "~/content/menu";
import { InvalidInputError } from "./domain-errors";
import { PAGE_SLUG_MAX_LENGTH } from "./page-blocks";
import { slugify } from "./slug";
import { toOneLine } from "./text-fields";

/**
 * The editable menus (docs/decisions/050): the header's menu, nested one level, and the footer's
 * quick links, flat. A menu is stored as a tree of entries; no stored menu is the spec's menu.
 * This module is the model's pure half — the entries' rules, the changes staff make to a menu
 * and what a page shows of it — so the staff screen's forms and the server check alike.
 */

export const MENU_IDS = ["header", "footer"] as const;
export type MenuId = (typeof MENU_IDS)[number];

export const MENU_NAMES: Record<MenuId, string> = {
  header: "القائمة الرئيسية",
  footer: "روابط التذييل",
};

/** One stored menu entry. */
export interface MenuEntry {
  /** Stable within its menu: a default entry's page-text key, or `item-…` for an added one. */
  id: string;
  /**
   * The page-text key of a default entry's label: its label is then the page text (editable in
   * place) over `label`. Renaming it in the menus screen stores the label and drops the key.
   */
  titleKey: string | null;
  /** The label: the built-in text of a default entry, or the label staff gave it. */
  label: string;
  /** A path of the site (a section, a staff-built page `/p/<slug>`) or an `https://` address. */
  href: string;
  hidden: boolean;
  /** Sub-items (the header only, one level). */
  children: MenuEntry[];
}

export const MAX_LABEL_LENGTH = 60;
export const MAX_HREF_LENGTH = 500;
export const MAX_TOP_ITEMS = 15;
export const MAX_SUB_ITEMS = 15;
/** How many revisions of each menu are kept. */
export const MENU_REVISIONS_KEPT = 20;

export const MENU_MESSAGES = {
  labelRequired: "اسم العنصر مطلوب",
  labelTooLong: `اسم العنصر يجب ألا يزيد على ${MAX_LABEL_LENGTH} حرفاً`,
  linkRequired: "اختر وجهة العنصر: قسماً من الموقع أو صفحة أو رابطاً خارجياً",
  unknownSection: "هذا العنوان ليس من أقسام الموقع المعروفة",
  badPagePath: "عنوان الصفحة يكون بالشكل ‎/p/اسم-الصفحة‎ (حروف وأرقام وشرطات)",
  httpsOnly: "الرابط الخارجي يجب أن يبدأ بـ https://",
  badUrl: "الرابط الخارجي غير صالح، اكتبه كاملاً مثل https://example.org",
  hrefTooLong: `الرابط يجب ألا يزيد على ${MAX_HREF_LENGTH} حرف`,
  tooDeep: "القائمة تقبل مستوى واحداً من العناصر الفرعية فقط",
  footerFlat: "روابط التذييل لا تقبل عناصر فرعية",
  parentWithChildren: "لا يمكن وضع عنصر له عناصر فرعية تحت عنصر آخر",
  tooManyTop: `القائمة تقبل ${MAX_TOP_ITEMS} عنصراً رئيسياً على الأكثر`,
  tooManySub: `العنصر يقبل ${MAX_SUB_ITEMS} عنصراً فرعياً على الأكثر`,
  empty: "القائمة لا تكون فارغة: أبقِ عنصراً واحداً على الأقل (أو أخفِ العناصر)",
  unknownItem: "هذا العنصر لم يعد في القائمة، حدّث الصفحة",
  unknownParent: "العنصر الرئيسي المختار لم يعد في القائمة",
  duplicateId: "في القائمة عنصران بمعرّف واحد",
  badShape: "القائمة المرسلة غير صالحة",
} as const;

// The slug may be written plainly or percent-encoded (six characters for each Arabic letter):
// its length is checked once decoded, against the pages' own limit.
const PAGE_PATH = /^\/p\/([^/?#\s]+)$/;

/** The slug of a staff-built page's path `/p/<slug>` (a decoded slug as slugify makes it), or null. */
export function pageSlugOf(path: string): string | null {
  const match = PAGE_PATH.exec(path);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return slug && slug.length <= PAGE_SLUG_MAX_LENGTH && slugify(slug) === slug ? slug : null;
}

export type LinkKind = "section" | "page" | "external";

export const linkKindOf = (href: string): LinkKind =>
  href.startsWith("/p/") ? "page" : href.startsWith("/") ? "section" : "external";

/**
 * Why `href` may not be a menu link (null: it may). `sections` are the site's known paths; a
 * page is any `/p/<slug>` (it may be published later). External links are `https://` only: no
 * `javascript:`, `http:`, `data:` or credentials.
 */
export function hrefProblem(href: string, sections: ReadonlySet<string>): string | null {
  if (!href) return MENU_MESSAGES.linkRequired;
  if (href.length > MAX_HREF_LENGTH) return MENU_MESSAGES.hrefTooLong;
  if (href.startsWith("/p/")) return pageSlugOf(href) ? null : MENU_MESSAGES.badPagePath;
  if (href.startsWith("/") && !href.startsWith("//")) {
    return sections.has(href) ? null : MENU_MESSAGES.unknownSection;
  }
  if (/^http:/i.test(href)) return MENU_MESSAGES.httpsOnly;
  if (!/^https:\/\//i.test(href)) return MENU_MESSAGES.badUrl;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return MENU_MESSAGES.badUrl;
  }
  if (url.protocol !== "https:" || !url.hostname.includes(".") || url.username || url.password) {
    return MENU_MESSAGES.badUrl;
  }
  return /\s/.test(href) ? MENU_MESSAGES.badUrl : null;
}

const label = z
  .string({ error: MENU_MESSAGES.labelRequired })
  .overwrite(toOneLine)
  .min(1, MENU_MESSAGES.labelRequired)
  .max(MAX_LABEL_LENGTH, MENU_MESSAGES.labelTooLong);

const entryShape = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/),
  titleKey: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .nullable(),
  label,
  href: z.string().max(MAX_HREF_LENGTH, MENU_MESSAGES.hrefTooLong),
  hidden: z.boolean(),
  children: z.array(z.unknown()).max(MAX_SUB_ITEMS, MENU_MESSAGES.tooManySub),
});

/**
 * A whole menu checked: its shape, every label and link, one level of nesting (none in the
 * footer), unique ids, bounded lengths, at least one entry. Throws InvalidInputError with the
 * Arabic reason; answers the entries as they are to be stored.
 */
export function checkMenu(
  menuId: MenuId,
  items: unknown,
  sections: ReadonlySet<string>,
): MenuEntry[] {
  if (!Array.isArray(items)) throw new InvalidInputError(MENU_MESSAGES.badShape);
  if (!items.length) throw new InvalidInputError(MENU_MESSAGES.empty);
  if (items.length > MAX_TOP_ITEMS) throw new InvalidInputError(MENU_MESSAGES.tooManyTop);
  const ids = new Set<string>();
  const checkEntry = (raw: unknown, depth: number): MenuEntry => {
    const parsed = entryShape.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const known = Object.values(MENU_MESSAGES) as string[];
      throw new InvalidInputError(
        known.includes(issue.message) ? issue.message : MENU_MESSAGES.badShape,
        issue.path[0] === "label" ? "label" : null,
      );
    }
    const entry = parsed.data;
    const problem = hrefProblem(entry.href, sections);
    if (problem) throw new InvalidInputError(problem);
    if (ids.has(entry.id)) throw new InvalidInputError(MENU_MESSAGES.duplicateId);
    ids.add(entry.id);
    if (entry.children.length && menuId === "footer") {
      throw new InvalidInputError(MENU_MESSAGES.footerFlat);
    }
    if (entry.children.length && depth > 0) throw new InvalidInputError(MENU_MESSAGES.tooDeep);
    return { ...entry, children: entry.children.map((child) => checkEntry(child, depth + 1)) };
  };
  return items.map((item) => checkEntry(item, 0));
}

// ─── the spec's menus ────────────────────────────────────────────────────────────────────────

const entryOf = (item: MenuItem, withChildren: boolean): MenuEntry => ({
  id: item.titleKey ?? "item",
  titleKey: item.titleKey ?? null,
  label: item.title,
  href: item.path,
  hidden: false,
  children: withChildren ? (item.subItems ?? []).map((sub) => entryOf(sub, false)) : [],
});

/** The spec's menu (the header's), or its top items (the footer's quick links), as entries. */
export function defaultMenu(menuId: MenuId): MenuEntry[] {
  return MENU.map((item) => entryOf(item, menuId === "header"));
}

// ─── what pages show ─────────────────────────────────────────────────────────────────────────

const itemOf = (entry: MenuEntry): MenuItem => {
  const visible = entry.children.filter((child) => !child.hidden);
  return {
    title: entry.label,
    ...(entry.titleKey ? { titleKey: entry.titleKey } : {}),
    path: entry.href,
    ...(visible.length ? { subItems: visible.map(itemOf) } : {}),
  };
};

/** The visible entries as the header and footer draw them (MenuItem, like the spec's MENU). */
export const menuItemsOf = (entries: MenuEntry[]): MenuItem[] =>
  entries.filter((entry) => !entry.hidden).map(itemOf);

/** What the site layout sends for a menu: null while it is the spec's (the page has it built in). */
export type LayoutMenus = Record<MenuId, MenuItem[] | null>;

/** Whether a menu item leads off the site (drawn as a plain link). */
export const isExternal = (item: Pick<MenuItem, "path">) => !item.path.startsWith("/");

// ─── the changes staff make ──────────────────────────────────────────────────────────────────

/** What the add and edit forms give: a label, a parent (none: a top item) and a link. */
export interface EntryFields {
  label: string;
  parentId: string | null;
  href: string;
}

function locate(items: MenuEntry[], id: string) {
  for (const [index, entry] of items.entries()) {
    if (entry.id === id) return { siblings: items, index, parent: null as MenuEntry | null };
    const childIndex = entry.children.findIndex((child) => child.id === id);
    if (childIndex >= 0) return { siblings: entry.children, index: childIndex, parent: entry };
  }
  throw new InvalidInputError(MENU_MESSAGES.unknownItem);
}

const copy = (items: MenuEntry[]): MenuEntry[] =>
  items.map((entry) => ({ ...entry, children: entry.children.map((child) => ({ ...child })) }));

function siblingsFor(items: MenuEntry[], menuId: MenuId, parentId: string | null) {
  if (!parentId) return items;
  if (menuId === "footer") throw new InvalidInputError(MENU_MESSAGES.footerFlat, "parentId");
  const parent = items.find((entry) => entry.id === parentId);
  if (!parent) throw new InvalidInputError(MENU_MESSAGES.unknownParent, "parentId");
  return parent.children;
}

/** A new entry's id: unique in its menu. */
export const newEntryId = () => `item-${crypto.randomUUID().slice(0, 8)}`;

/** Adds an entry at the end of its parent's sub-items, or of the menu. */
export function addEntry(
  items: MenuEntry[],
  menuId: MenuId,
  fields: EntryFields,
  id = newEntryId(),
): MenuEntry[] {
  const next = copy(items);
  siblingsFor(next, menuId, fields.parentId).push({
    id,
    titleKey: null,
    label: fields.label,
    href: fields.href,
    hidden: false,
    children: [],
  });
  return next;
}

/**
 * Renames, relinks or moves an entry. A label other than the one shown is stored (and the
 * page-text key dropped); `shownLabel` is what pages show now (a page text may have changed it).
 */
export function updateEntry(
  items: MenuEntry[],
  menuId: MenuId,
  id: string,
  fields: EntryFields,
  shownLabel: string,
): MenuEntry[] {
  const next = copy(items);
  const place = locate(next, id);
  const entry = place.siblings[place.index];
  const renamed = fields.label !== shownLabel;
  const changed: MenuEntry = {
    ...entry,
    label: renamed ? fields.label : entry.label,
    titleKey: renamed ? null : entry.titleKey,
    href: fields.href,
  };
  if ((place.parent?.id ?? null) === fields.parentId) {
    place.siblings[place.index] = changed;
    return next;
  }
  if (fields.parentId === id) throw new InvalidInputError(MENU_MESSAGES.tooDeep, "parentId");
  if (fields.parentId && entry.children.length) {
    throw new InvalidInputError(MENU_MESSAGES.parentWithChildren, "parentId");
  }
  place.siblings.splice(place.index, 1);
  siblingsFor(next, menuId, fields.parentId).push(changed);
  return next;
}

/** Moves an entry one place up (-1) or down (+1) among its siblings; at an end, nothing moves. */
export function moveEntry(items: MenuEntry[], id: string, by: -1 | 1): MenuEntry[] {
  const next = copy(items);
  const { siblings, index } = locate(next, id);
  const target = index + by;
  if (target < 0 || target >= siblings.length) return next;
  [siblings[index], siblings[target]] = [siblings[target], siblings[index]];
  return next;
}

/** Hides a shown entry, or shows a hidden one. */
export function toggleHidden(items: MenuEntry[], id: string): MenuEntry[] {
  const next = copy(items);
  const { siblings, index } = locate(next, id);
  siblings[index] = { ...siblings[index], hidden: !siblings[index].hidden };
  return next;
}

/** Removes an entry (with its sub-items). */
export function removeEntry(items: MenuEntry[], id: string): MenuEntry[] {
  const next = copy(items);
  const { siblings, index } = locate(next, id);
  siblings.splice(index, 1);
  return next;
}

/** Every entry with its parent, in the order the menu shows them. */
export function flattenMenu(items: MenuEntry[]) {
  return items.flatMap((entry) => [
    { entry, parent: null as MenuEntry | null },
    ...entry.children.map((child) => ({ entry: child, parent: entry as MenuEntry | null })),
  ]);
}
