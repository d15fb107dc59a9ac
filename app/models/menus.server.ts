import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import { SITE_SECTIONS } from "~/content/menu";
import { readPageBlocks } from "~/models/page-content.server";
import { publicPages } from "~/models/page-visibility.server";
import { type BlockMap, blockId, SHARED_BLOCK_PATH } from "~/shared/content-blocks";
import { NotFoundError } from "~/shared/domain-errors";
import {
  checkMenu,
  defaultMenu,
  flattenMenu,
  type LayoutMenus,
  linkKindOf,
  MENU_IDS,
  MENU_NAMES,
  MENU_REVISIONS_KEPT,
  type MenuEntry,
  type MenuId,
  menuItemsOf,
} from "~/shared/menus";
import { PAGES_PREFIX } from "~/shared/page-blocks";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { cachedRead, forgetReads } from "~/utils/read-cache.server";
import { menuRevisions, menus, pages, users } from "../../database/schema";

/**
 * The menus' data and access checks (docs/decisions/050). Pages read them through one cached
 * read that every change to the `menus` table forgets (its trigger announces it); only
 * administrators change them or read their history.
 */

/** How many published pages the menus screen offers (the newest first would be as arbitrary). */
const PAGE_TARGETS_LIMIT = 500;

/**
 * Where a menu item may lead inside the site: every known section, then each published page
 * built from blocks (docs/decisions/049), by title. The pages are read from their table here, not
 * through the pages model, which asks this one who links to a page. A page's path is written as
 * a menu stores it, `/p/<slug>` unencoded: encoded, a long Arabic slug would pass the links'
 * length limit (six characters a letter).
 */
export async function listInternalTargets(): Promise<{ title: string; path: string }[]> {
  const published = await db
    .select({ title: pages.title, slug: pages.slug })
    .from(pages)
    .where(publicPages())
    .orderBy(asc(pages.title))
    .limit(PAGE_TARGETS_LIMIT);
  return [
    ...SITE_SECTIONS,
    ...published.map((page) => ({ title: page.title, path: `${PAGES_PREFIX}/${page.slug}` })),
  ];
}

/** The paths a menu may link to besides `/p/<slug>` pages: the sections. */
async function sectionPaths(): Promise<ReadonlySet<string>> {
  return new Set((await listInternalTargets()).map((target) => target.path));
}

/** The stored menus (a menu without a row is the spec's), read once per change; may throw. */
const readStoredMenus = () =>
  cachedRead("menus", "menus", async () => {
    const rows = await db.select({ id: menus.id, items: menus.items }).from(menus);
    const stored: Partial<Record<MenuId, MenuEntry[]>> = {};
    for (const row of rows) stored[row.id] = row.items;
    return stored;
  });

/**
 * The menus the site layout draws: null for a menu that is the spec's (the page has it built
 * in, so a fresh site sends nothing more). A failed read is logged and shows the spec's menus.
 */
export async function getLayoutMenus(): Promise<LayoutMenus> {
  try {
    const stored = await readStoredMenus();
    return {
      header: stored.header ? menuItemsOf(stored.header) : null,
      footer: stored.footer ? menuItemsOf(stored.footer) : null,
    };
  } catch (error) {
    logger.error({ err: error }, "failed to read the menus");
    return { header: null, footer: null };
  }
}

async function entriesOf(menuId: MenuId): Promise<MenuEntry[]> {
  return (await readStoredMenus())[menuId] ?? defaultMenu(menuId);
}

/** What pages show as each entry's label: a default entry's page text, if edited, over its label. */
function shownLabels(entries: MenuEntry[], blocks: BlockMap): Record<string, string> {
  return Object.fromEntries(
    flattenMenu(entries).map(({ entry }) => [
      entry.id,
      (entry.titleKey && blocks[blockId(SHARED_BLOCK_PATH, entry.titleKey)]?.value) || entry.label,
    ]),
  );
}

export interface MenuRevisionSummary {
  id: string;
  note: string;
  savedAt: Date;
  savedBy: string | null;
  itemCount: number;
}

export interface MenuForAdmin {
  menuId: MenuId;
  entries: MenuEntry[];
  /** Each entry's label as pages show it now (by id). */
  labels: Record<string, string>;
  /** Whether it is the spec's menu (never saved, or restored). */
  isDefault: boolean;
  revisions: MenuRevisionSummary[];
  /** The sections of the site an entry may lead to. */
  sections: { title: string; path: string }[];
  /** The published pages built from blocks an entry may lead to, by title. */
  pages: { title: string; path: string }[];
}

/**
 * A menu, its shown labels, its last revisions and the sections and published pages it may link
 * to: admins only.
 */
export async function getMenuForAdmin(actor: Actor | null, menuId: MenuId): Promise<MenuForAdmin> {
  assertRole(actor, "admin");
  const [row] = await db.select({ items: menus.items }).from(menus).where(eq(menus.id, menuId));
  const entries = row?.items ?? defaultMenu(menuId);
  const [blocks, revisions, targets] = await Promise.all([
    readPageBlocks(SHARED_BLOCK_PATH),
    db
      .select({
        id: menuRevisions.id,
        note: menuRevisions.note,
        savedAt: menuRevisions.savedAt,
        savedBy: users.fullName,
        items: menuRevisions.items,
      })
      .from(menuRevisions)
      .leftJoin(users, eq(users.id, menuRevisions.savedBy))
      .where(eq(menuRevisions.menuId, menuId))
      .orderBy(desc(menuRevisions.savedAt), desc(menuRevisions.id))
      .limit(MENU_REVISIONS_KEPT),
    listInternalTargets(),
  ]);
  return {
    menuId,
    entries,
    labels: shownLabels(entries, blocks),
    isDefault: !row,
    revisions: revisions.map(({ items, ...revision }) => ({
      ...revision,
      itemCount: flattenMenu(items).length,
    })),
    // The form offers the sections in one list and the published pages in another.
    sections: targets.filter((target) => linkKindOf(target.path) === "section"),
    pages: targets.filter((target) => linkKindOf(target.path) === "page"),
  };
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Keeps the newest revisions of a menu, deleting the older ones. */
async function pruneRevisions(tx: Tx, menuId: MenuId) {
  const kept = tx
    .select({ id: menuRevisions.id })
    .from(menuRevisions)
    .where(eq(menuRevisions.menuId, menuId))
    .orderBy(desc(menuRevisions.savedAt), desc(menuRevisions.id))
    .limit(MENU_REVISIONS_KEPT);
  await tx
    .delete(menuRevisions)
    .where(and(eq(menuRevisions.menuId, menuId), notInArray(menuRevisions.id, kept)));
}

/**
 * Applies a change to a menu as it is stored now (the spec's when never saved) and saves the
 * result, checked whole, with a revision; only an administrator may. `change` gets the entries
 * and the labels pages show; a refusal (InvalidInputError) leaves the menu as it was.
 */
export async function changeMenu(
  actor: Actor | null,
  menuId: MenuId,
  change: (entries: MenuEntry[], labels: Record<string, string>) => MenuEntry[],
  note: "save" | "restore" = "save",
): Promise<MenuEntry[]> {
  const admin = assertRole(actor, "admin");
  // Read before the transaction: PGlite runs one at a time, so a read beside it would wait for it.
  const [sections, blocks] = await Promise.all([sectionPaths(), readPageBlocks(SHARED_BLOCK_PATH)]);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ items: menus.items })
      .from(menus)
      .where(eq(menus.id, menuId))
      .for("update");
    const current = row?.items ?? defaultMenu(menuId);
    const items = checkMenu(menuId, change(current, shownLabels(current, blocks)), sections);
    await tx
      .insert(menus)
      .values({ id: menuId, items, updatedBy: admin.id })
      .onConflictDoUpdate({
        target: menus.id,
        set: { items, updatedBy: admin.id, updatedAt: new Date() },
      });
    await tx.insert(menuRevisions).values({ menuId, items, note, savedBy: admin.id });
    await pruneRevisions(tx, menuId);
    return items;
  });
  forgetReads({ table: "menus" });
  return saved;
}

/** Stores a whole menu (checked as every save is): admins only. */
export const saveMenu = (actor: Actor | null, menuId: MenuId, items: unknown) =>
  changeMenu(actor, menuId, () => items as MenuEntry[]);

/** Back to the spec's menu: the stored one goes (a revision keeps it, to undo). Admins only. */
export async function restoreDefaultMenu(actor: Actor | null, menuId: MenuId): Promise<void> {
  const admin = assertRole(actor, "admin");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(menus)
      .where(eq(menus.id, menuId))
      .returning({ items: menus.items });
    if (!row) return; // already the spec's
    await tx
      .insert(menuRevisions)
      .values({ menuId, items: defaultMenu(menuId), note: "default", savedBy: admin.id });
    await pruneRevisions(tx, menuId);
  });
  forgetReads({ table: "menus" });
}

export const REVISION_GONE = "هذه النسخة من القائمة لم تعد محفوظة";

/** Makes a kept revision the menu again (a new revision): admins only. */
export async function restoreMenuRevision(
  actor: Actor | null,
  menuId: MenuId,
  revisionId: string,
): Promise<MenuEntry[]> {
  assertRole(actor, "admin");
  const [revision] = await db
    .select({ items: menuRevisions.items })
    .from(menuRevisions)
    .where(
      and(
        eq(menuRevisions.menuId, menuId),
        // an id that is no uuid matches nothing rather than failing the query
        inArray(menuRevisions.id, isUuid(revisionId) ? [revisionId] : []),
      ),
    );
  if (!revision) throw new NotFoundError(REVISION_GONE);
  return changeMenu(actor, menuId, () => revision.items, "restore");
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const samePath = (a: string, b: string) => {
  const normal = (path: string) => {
    try {
      return decodeURI(path).replace(/\/+$/, "").toLowerCase() || "/";
    } catch {
      return path;
    }
  };
  return normal(a) === normal(b);
};

/**
 * Which menu items link to `path` (shown or hidden), as the labels a person recognises:
 * «القائمة الرئيسية › خدماتنا › حملة رمضان». Deleting a page asks first and says where it is
 * linked. The menus are public (every page shows them), so anyone may ask.
 */
export async function findMenuItemsLinkingTo(path: string): Promise<string[]> {
  const found: string[] = [];
  for (const menuId of MENU_IDS) {
    const entries = await entriesOf(menuId);
    for (const { entry, parent } of flattenMenu(entries)) {
      if (!samePath(entry.href, path)) continue;
      found.push([MENU_NAMES[menuId], parent?.label, entry.label].filter(Boolean).join(" › "));
    }
  }
  return found;
}
