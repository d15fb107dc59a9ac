import { and, desc, eq, gt, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { isOurImage } from "~/models/images.server";
import { findMenuItemsLinkingTo } from "~/models/menus.server";
import { publicPages } from "~/models/page-visibility.server";
import { ConflictError, InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import type { ChangeEvent } from "~/shared/live-event";
import {
  linksOfBlocks,
  linksToPage,
  PAGE_MESSAGES,
  type PageBlock,
  type PageFormBlock,
  type PageReferrer,
  pageBlocksSchema,
  pagePublicPath,
} from "~/shared/page-blocks";
import { pageWindow, toPaged } from "~/shared/pagination";
import { type PostStatus, publishedAtFor } from "~/shared/post-status";
import { type Actor, assertRole } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { CHANGES_CHANNEL, db } from "~/utils/db.server";
import {
  containingAny,
  containingPattern,
  isUuid,
  newestFirst,
  violatedUniqueConstraint,
} from "~/utils/db-helpers.server";
import {
  ImageUploadError,
  removeImage,
  storageKeyOf,
  storeImage,
} from "~/utils/image-upload.server";
import { htmlToPlainText, toPostHtml } from "~/utils/rich-text.server";
import { pageRevisions, pageSlugRedirects, pages, users } from "../../database/schema";

// Pages built from blocks (docs/decisions/049). Editors create, edit and publish them; only an
// admin deletes one (a page may be linked from elsewhere). The public reads only published,
// due pages.

const IMAGE_FOLDER = "pages";
export const PAGE_NOT_FOUND = "الصفحة غير موجودة";
const notFound = () => new NotFoundError(PAGE_NOT_FOUND);

// ─── The public ───────────────────────────────────────────────────────────────────────────

/** A published, due page by its address, or null (drafts and scheduled pages: not found). */
export async function getPublishedPage(slug: string) {
  const [page] = await db
    .select({
      id: pages.id,
      title: pages.title,
      slug: pages.slug,
      blocks: pages.blocks,
      metaTitle: pages.metaTitle,
      metaDescription: pages.metaDescription,
      shareImage: pages.shareImage,
      publishedAt: pages.publishedAt,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(and(publicPages(), eq(pages.slug, slug)))
    .limit(1);
  return page ?? null;
}
export type PublicPage = NonNullable<Awaited<ReturnType<typeof getPublishedPage>>>;

/** The address a former slug now leads to, when that page is public; else null. */
export async function findPageRedirect(oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: pages.slug })
    .from(pageSlugRedirects)
    .innerJoin(pages, eq(pages.id, pageSlugRedirects.pageId))
    .where(and(eq(pageSlugRedirects.oldSlug, oldSlug), publicPages()))
    .limit(1);
  return row ? pagePublicPath(row.slug) : null;
}

/** The sitemap's addresses of published pages, with when each last changed. */
export async function listPublishedPagePaths(window: {
  limit: number;
  offset: number;
}): Promise<{ path: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(publicPages())
    .orderBy(pages.publishedAt, pages.id)
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({ path: pagePublicPath(row.slug), updatedAt: row.updatedAt }));
}

/** How many pages are published and due (the sitemap's count). */
export async function countPublishedPages(): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pages)
    .where(publicPages());
  return Number(row?.count ?? 0);
}

/**
 * Announces every scheduled page whose time has come since the last look, as
 * `announceDuePosts` does for posts (docs/decisions/031, 035).
 */
export async function announceDuePages(since: Date, until: Date): Promise<number> {
  const due = await db
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(
        eq(pages.status, "published"),
        gt(pages.publishedAt, since),
        lte(pages.publishedAt, until),
      ),
    );
  for (const { id } of due) {
    const event: ChangeEvent = { table: "pages", op: "UPDATE", key: id, due: true };
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(event)})`);
  }
  return due.length;
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────

/** Twenty rows a page, as WordPress's lists: a phone's few screens, half a 50-row page's render (docs/decisions/083). */
export const STAFF_PAGES_PAGE_SIZE = 20;

/** One page of the staff list, newest first; `q` searches the title, address and texts. */
export async function listPagesPageForStaff(
  actor: Actor | null,
  filters: { q?: string; status?: PostStatus; page: number },
) {
  assertRole(actor, "editor");
  const conditions: SQL[] = [];
  const matches = containingAny(filters.q, pages.title, pages.slug, pages.blocksText);
  if (matches) conditions.push(matches);
  if (filters.status) conditions.push(eq(pages.status, filters.status));
  const { limit, offset } = pageWindow(filters.page, STAFF_PAGES_PAGE_SIZE);
  const rows = await db
    .select({
      id: pages.id,
      title: pages.title,
      slug: pages.slug,
      status: pages.status,
      publishedAt: pages.publishedAt,
      updatedAt: pages.updatedAt,
      authorName: users.fullName,
    })
    .from(pages)
    .leftJoin(users, eq(pages.authorId, users.id))
    .where(and(...conditions))
    .orderBy(...newestFirst(pages.createdAt, pages.id))
    .limit(limit)
    .offset(offset);
  return toPaged(rows, filters.page, STAFF_PAGES_PAGE_SIZE);
}
export type StaffPageRow = Awaited<ReturnType<typeof listPagesPageForStaff>>["items"][number];

/** One page, whatever its status, for the edit form; null when there is none. */
export async function getPageForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [page] = await db.select().from(pages).where(eq(pages.id, id));
  return page ?? null;
}
export type StaffPage = NonNullable<Awaited<ReturnType<typeof getPageForStaff>>>;

/** What the page form saves. Image blocks may carry a new file, stored on save. */
export interface PageInput {
  title: string;
  slug: string;
  blocks: PageFormBlock[];
  status: PostStatus;
  /** A published page's publication time; a future one schedules it. */
  publishAt?: Date | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  shareImage?: string | null;
}

export class PageSlugTakenError extends ConflictError {
  constructor() {
    super(PAGE_MESSAGES.slugTaken, "slug");
  }
}

export const PAGE_EDIT_CONFLICT =
  "عدّل شخص آخر هذه الصفحة بعد أن فتحتها، فلم يُحفظ شيء. انسخ تعديلاتك ثم أعد تحميل الصفحة لترى نسخته.";

export class PageEditConflictError extends ConflictError {
  constructor() {
    super(PAGE_EDIT_CONFLICT);
  }
}

/**
 * The blocks as stored: rich texts sanitized (one allowlist, app/utils/rich-text.server.ts),
 * images that are ours, files stored. `stored` collects the files stored here, so a failed
 * save removes them again; `kept` are the image addresses the page already had.
 */
async function toStoredBlocks(
  blocks: PageFormBlock[],
  kept: ReadonlySet<string>,
  stored: string[],
): Promise<PageBlock[]> {
  const result: PageBlock[] = [];
  for (const [index, block] of blocks.entries()) {
    if (block.type === "text") {
      const html = toPostHtml(block.html);
      if (!html) throw new InvalidInputError(PAGE_MESSAGES.textRequired, `blocks[${index}].html`);
      result.push({ type: "text", html });
    } else if (block.type === "image") {
      const { file, src, ...fields } = block;
      let url = src ?? null;
      if (file) {
        url = await storeBlockImage(file, index);
        stored.push(url);
      } else if (!url || (!kept.has(url) && !(await isOurImage(url)))) {
        throw new InvalidInputError(PAGE_MESSAGES.imageNotOurs, `blocks[${index}].file`);
      }
      result.push({ ...fields, src: url });
    } else {
      result.push(block);
    }
  }
  // The stored shape is checked once more (a sanitized text may have grown), so nothing a form
  // could not send is ever kept.
  const checked = pageBlocksSchema.safeParse(result);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const field = issue?.path.length
      ? issue.path.reduce<string>(
          (name, part) =>
            typeof part === "number" ? `${name}[${part}]` : `${name}.${String(part)}`,
          "blocks",
        )
      : "blocks";
    throw new InvalidInputError(issue?.message ?? PAGE_MESSAGES.invalid, field);
  }
  return checked.data;
}

/** Stores an image block's new file; a file that is not an image is refused beside its field. */
async function storeBlockImage(file: File, index: number) {
  try {
    return (await storeImage(file, IMAGE_FOLDER)).url;
  } catch (error) {
    if (error instanceof ImageUploadError)
      throw new InvalidInputError(error.message, `blocks[${index}].file`);
    throw error;
  }
}

const imagesOf = (blocks: readonly PageBlock[]) =>
  blocks.flatMap((block) => (block.type === "image" ? [block.src] : []));

/** The plain text of the blocks, one line a text: for the searches and revision comparisons. */
export function blocksText(blocks: readonly PageBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type === "text") parts.push(htmlToPlainText(block.html));
    if (block.type === "image") parts.push(block.alt, block.caption ?? "");
    if (block.type === "cards")
      parts.push(block.heading ?? "", ...block.items.flatMap((i) => [i.title, i.text ?? ""]));
    if (block.type === "cta") parts.push(block.label);
    if (block.type === "video") parts.push(block.title ?? "");
    if (block.type === "documents") parts.push(block.heading ?? "");
  }
  return parts.filter(Boolean).join("\n");
}

async function assertShareImage(url: string | null | undefined, kept: string | null = null) {
  if (!url || url === kept) return;
  if (!(await isOurImage(url)))
    throw new InvalidInputError(PAGE_MESSAGES.imageNotOurs, "shareImage");
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

async function keepRevision(
  tx: Transaction,
  saved: { id: string; title: string; blocks: PageBlock[] },
  editorId: string,
) {
  await tx
    .insert(pageRevisions)
    .values({ pageId: saved.id, title: saved.title, blocks: saved.blocks, savedBy: editorId });
}

/** Runs a write over freshly stored files: when it fails, the files go again. */
async function withStoredFiles<T>(write: (stored: string[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await write(stored);
  } catch (error) {
    for (const url of stored) await removeImage(url);
    if (violatedUniqueConstraint(error) === "pages_slug_unique") throw new PageSlugTakenError();
    throw error;
  }
}

/** A slug that another page used to have leads there: it cannot be taken by a new page. */
async function assertSlugFree(tx: Transaction, slug: string, pageId: string | null) {
  const [redirect] = await tx
    .select({ pageId: pageSlugRedirects.pageId })
    .from(pageSlugRedirects)
    .where(eq(pageSlugRedirects.oldSlug, slug));
  if (redirect && redirect.pageId !== pageId) throw new PageSlugTakenError();
}

function fieldsOf(input: PageInput, previousPublishedAt: Date | null) {
  return {
    title: input.title,
    slug: input.slug,
    status: input.status,
    publishedAt: publishedAtFor(input.status, input.publishAt ?? previousPublishedAt, now()),
    metaTitle: input.metaTitle || null,
    metaDescription: input.metaDescription || null,
    shareImage: input.shareImage || null,
  };
}

/** Creates a page written by `actor`; its first revision is kept. */
export async function createPage(actor: Actor | null, input: PageInput) {
  const editor = assertRole(actor, "editor");
  await assertShareImage(input.shareImage);
  return withStoredFiles(async (stored) => {
    const blocks = await toStoredBlocks(input.blocks, new Set(), stored);
    return db.transaction(async (tx) => {
      await assertSlugFree(tx, input.slug, null);
      const [created] = await tx
        .insert(pages)
        .values({
          ...fieldsOf(input, null),
          blocks,
          blocksText: blocksText(blocks),
          authorId: editor.id,
        })
        .returning();
      await keepRevision(tx, created, editor.id);
      return created;
    });
  });
}

/**
 * Saves the edit form. A changed address keeps the old one in the redirects (301), a published
 * page keeps its first publication date, and images the page no longer shows are removed from
 * storage once the row no longer points at them (unless a revision still does).
 */
export async function updatePage(
  actor: Actor | null,
  id: string,
  input: PageInput,
  /** The `updated_at` the form was opened with (ISO); a different one is a conflict. */
  version?: string,
) {
  const editor = assertRole(actor, "editor");
  const current = await getPageForStaff(editor, id);
  if (!current) throw notFound();
  if (version && version !== current.updatedAt.toISOString()) throw new PageEditConflictError();
  await assertShareImage(input.shareImage, current.shareImage);
  const previousPublishedAt = current.status === "published" ? current.publishedAt : null;
  return withStoredFiles(async (stored) => {
    const kept = new Set(imagesOf(current.blocks));
    const blocks = await toStoredBlocks(input.blocks, kept, stored);
    return db.transaction(async (tx) => {
      if (input.slug !== current.slug) {
        await assertSlugFree(tx, input.slug, id);
        // Back to a former address: it is the page's own again, not a redirect.
        await tx.delete(pageSlugRedirects).where(eq(pageSlugRedirects.oldSlug, input.slug));
        await tx
          .insert(pageSlugRedirects)
          .values({ oldSlug: current.slug, pageId: id })
          .onConflictDoUpdate({ target: pageSlugRedirects.oldSlug, set: { pageId: id } });
      }
      const [row] = await tx
        .update(pages)
        .set({
          ...fieldsOf(input, previousPublishedAt),
          blocks,
          blocksText: blocksText(blocks),
          authorId: editor.id,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(pages.id, id),
            sql`date_trunc('milliseconds', ${pages.updatedAt}) = ${current.updatedAt.toISOString()}`,
          ),
        )
        .returning();
      if (!row) throw new PageEditConflictError();
      await keepRevision(tx, row, editor.id);
      return row;
    });
  });
}

// ─── Revisions ──────────────────────────────────────────────────────────────────────────────

const LISTED_REVISIONS = 30;
export const PAGE_REVISION_NOT_FOUND = "هذه النسخة غير موجودة";

/** A page's revisions, newest first, with who saved each. */
export async function listPageRevisions(actor: Actor | null, pageId: string) {
  assertRole(actor, "editor");
  if (!isUuid(pageId)) return [];
  return db
    .select({
      id: pageRevisions.id,
      title: pageRevisions.title,
      blocks: pageRevisions.blocks,
      savedAt: pageRevisions.savedAt,
      savedByName: users.fullName,
    })
    .from(pageRevisions)
    .leftJoin(users, eq(pageRevisions.savedBy, users.id))
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.savedAt))
    .limit(LISTED_REVISIONS);
}

/** Puts a revision's title and blocks back (a save like any other; address and status stay). */
export async function restorePageRevision(actor: Actor | null, pageId: string, revisionId: string) {
  const editor = assertRole(actor, "editor");
  const page = await getPageForStaff(editor, pageId);
  if (!page || !isUuid(revisionId)) throw new NotFoundError(PAGE_REVISION_NOT_FOUND);
  const [revision] = await db
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.id, revisionId), eq(pageRevisions.pageId, pageId)));
  if (!revision) throw new NotFoundError(PAGE_REVISION_NOT_FOUND);
  return updatePage(editor, pageId, {
    title: revision.title,
    slug: page.slug,
    blocks: pageBlocksSchema.parse(revision.blocks),
    status: page.status,
    publishAt: page.publishedAt,
    metaTitle: page.metaTitle,
    metaDescription: page.metaDescription,
    shareImage: page.shareImage,
  });
}

// ─── Deleting, and who links to a page ─────────────────────────────────────────────────────

const REFERRERS_LIMIT = 50;

/** Other pages whose blocks link to one of `slugs` (a button, a card, a link in a text). */
async function pagesLinkingTo(pageId: string, slugs: string[]): Promise<PageReferrer[]> {
  const patterns = slugs.flatMap((slug) => [
    containingPattern(`/p/${slug}`),
    containingPattern(`/p/${encodeURIComponent(slug)}`),
  ]);
  const rows = await db
    .select({ id: pages.id, title: pages.title, blocks: pages.blocks })
    .from(pages)
    .where(
      and(
        sql`${pages.id} <> ${pageId}`,
        or(...patterns.map((pattern) => ilike(sql`${pages.blocks}::text`, pattern))),
      ),
    )
    .limit(REFERRERS_LIMIT);
  return rows
    .filter((row) =>
      linksOfBlocks(row.blocks).some((link) => slugs.some((slug) => linksToPage(link, slug))),
    )
    .map((row) => ({
      kind: "صفحة",
      title: row.title,
      editUrl: `/admin/dashboard/pages/${row.id}/edit`,
    }));
}

/** The menu items that lead to the page, under one of its addresses (docs/decisions/050). */
async function menusLinkingTo(_pageId: string, slugs: string[]): Promise<PageReferrer[]> {
  const labels = await Promise.all(
    slugs.map((slug) => findMenuItemsLinkingTo(pagePublicPath(slug))),
  );
  return [...new Set(labels.flat())].map((label) => ({
    kind: "القائمة",
    title: label,
    editUrl: "/admin/dashboard/menus",
  }));
}

/** Everything that links to the page: other pages and the menus. */
export async function listPageReferrers(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  const page = await getPageForStaff(actor, id);
  if (!page) throw notFound();
  const old = await db
    .select({ slug: pageSlugRedirects.oldSlug })
    .from(pageSlugRedirects)
    .where(eq(pageSlugRedirects.pageId, id));
  const slugs = [page.slug, ...old.map((row) => row.slug)];
  const sources = [pagesLinkingTo, menusLinkingTo];
  return (await Promise.all(sources.map((source) => source(id, slugs)))).flat();
}

/** Refused until confirmed: the page is linked from elsewhere (`referrers` say where). */
export class PageHasReferrersError extends ConflictError {
  constructor(readonly referrers: PageReferrer[]) {
    super(
      `هذه الصفحة مرتبطة من: ${referrers.map((r) => `${r.kind} «${r.title}»`).join("، ")}. سيصبح الرابط معطلاً بعد حذفها؛ أكّد الحذف إن كنت متأكداً.`,
    );
  }
}

/** What deleting a page would break, asked before it is deleted (admins only). */
export async function pageDeletionCheck(actor: Actor | null, id: string) {
  const admin = assertRole(actor, "admin");
  const page = await getPageForStaff(admin, id);
  if (!page) throw notFound();
  return { id: page.id, title: page.title, referrers: await listPageReferrers(admin, id) };
}

/** Deletes a page (admins only), after asking when something links to it; then its images. */
export async function deletePage(
  actor: Actor | null,
  id: string,
  { confirmed = false }: { confirmed?: boolean } = {},
) {
  const admin = assertRole(actor, "admin");
  if (!isUuid(id)) throw notFound();
  if (!confirmed) {
    const referrers = await listPageReferrers(admin, id);
    if (referrers.length > 0) throw new PageHasReferrersError(referrers);
  }
  const [deleted] = await db
    .delete(pages)
    .where(eq(pages.id, id))
    .returning({ id: pages.id, blocks: pages.blocks });
  if (!deleted) throw notFound();
  await removeUnusedImages(imagesOf(deleted.blocks));
  return deleted;
}

/** Removes uploaded page images that no page or revision shows any more. */
async function removeUnusedImages(urls: string[]) {
  const own = urls.filter((url) => storageKeyOf(url)?.startsWith(`${IMAGE_FOLDER}/`));
  if (own.length === 0) return;
  const still = await db
    .select({ id: pageRevisions.id })
    .from(pageRevisions)
    .where(
      or(...own.map((url) => ilike(sql`${pageRevisions.blocks}::text`, containingPattern(url)))),
    )
    .limit(1);
  if (still.length > 0) return;
  for (const url of own) await removeImage(url);
}
