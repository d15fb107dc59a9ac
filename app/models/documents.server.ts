import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import {
  BROKEN_PDF,
  DOCUMENT_REQUIRED,
  DOCUMENT_TOO_LARGE,
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_PER_CATEGORY,
  type DocumentCategory,
  type DocumentGroup,
  type DocumentStatus,
  documentCategories,
  type GovernanceDocuments,
  MAX_DOCUMENT_BYTES,
  NOT_A_PDF,
  type PublicDocument,
} from "~/shared/documents";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  StaleEditError,
} from "~/shared/domain-errors";
import { type Paged, pageWindow, toPaged } from "~/shared/pagination";
import { type Actor, assertRole, canManageContent } from "~/shared/roles";
import type { ByteRange } from "~/utils/byte-range.server";
import { db } from "~/utils/db.server";
import {
  containingAny,
  isStaleVersion,
  isUuid,
  newestFirst,
  readNewestPage,
  stillAt,
} from "~/utils/db-helpers.server";
import { logger } from "~/utils/logger.server";
import { checkPdf } from "~/utils/pdf-file.server";
import { getStorage } from "~/utils/storage.server";
import { documents, users } from "../../database/schema";

// The documents library (docs/decisions/048). Editors and admins manage it, like the other
// media; everyone reads what is published.

const notFound = () => new NotFoundError("الوثيقة غير موجودة");
const FILE_FIELD = "file";
/** Where the files live in storage; /uploads never serves this folder (server/app.ts). */
export const DOCUMENTS_FOLDER = "documents";

// ─── The public side ────────────────────────────────────────────────────────────────────────

/** What a reader sees of a document. */
const publicColumns = {
  id: documents.id,
  title: documents.title,
  category: documents.category,
  year: documents.year,
  sizeBytes: documents.sizeBytes,
  fileSha256: documents.fileSha256,
  createdAt: documents.createdAt,
};

/** A document is public when published (docs/decisions/048). */
export const publicDocuments = () => eq(documents.status, "published");
/** Newest year first, then newest upload: the order of every public list, read from its index. */
const publicOrder = newestFirst(documents.year, documents.createdAt, documents.id);

/** The most one public list shows at once. */
export const MAX_PUBLIC_DOCUMENTS = 50;

/** A category's `limit` newest published documents: a limited read along `documents_public_idx`. */
const newestOfCategory = (category: DocumentCategory, limit: number) =>
  db
    .select(publicColumns)
    .from(documents)
    .where(and(publicDocuments(), eq(documents.category, category)))
    .orderBy(...publicOrder)
    .limit(limit);

/**
 * Each category's `limit` newest published documents, in one statement (a union of one indexed,
 * limited read per category): a round trip, not four, and never more than 4 × `limit` rows. The
 * newest of every category are among them, so "all categories" is read this way too: ordering
 * every published row by year would need the planner to know there are many (PGlite never
 * analyzes), and without statistics it sorts them all (docs/decisions/057).
 */
async function newestOfEachCategory(limit: number): Promise<PublicDocument[]> {
  const [first, second, ...others] = documentCategories.map((category) =>
    newestOfCategory(category, limit),
  ) as [
    ReturnType<typeof newestOfCategory>,
    ReturnType<typeof newestOfCategory>,
    ...ReturnType<typeof newestOfCategory>[],
  ];
  return unionAll(first, second, ...others);
}

/**
 * Published documents, newest year first, of one category or all — at most `limit` (≤ 50):
 * what a page's documents block shows.
 */
export async function listPublishedDocuments(
  options: { category?: DocumentCategory; limit?: number } = {},
): Promise<PublicDocument[]> {
  const limit = Math.min(Math.max(options.limit ?? 10, 1), MAX_PUBLIC_DOCUMENTS);
  if (options.category) return newestOfCategory(options.category, limit);
  return byYearThenUpload(await newestOfEachCategory(limit)).slice(0, limit);
}

/**
 * /governance's documents: the newest `perCategory` published documents of each category that
 * has any, and whether it has more: each category's `perCategory + 1` newest rows, read from the
 * index; nothing is counted, so the cost does not grow with the library.
 */
export async function listPublishedDocumentGroups(perCategory: number): Promise<DocumentGroup[]> {
  const rows = await newestOfEachCategory(perCategory + 1);
  return documentCategories
    .map((category) => {
      const own = rows.filter((row) => row.category === category);
      return {
        category,
        documents: byYearThenUpload(own).slice(0, perCategory),
        hasMore: own.length > perCategory,
      };
    })
    .filter((group) => group.documents.length > 0);
}

/** A union keeps no order: the public order again, in memory (a few rows per category). */
const byYearThenUpload = (rows: PublicDocument[]) =>
  [...rows].sort(
    (a, b) =>
      b.year - a.year ||
      new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() ||
      (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );

/** One page of a category's published documents (the "all of them" view), uncounted. */
export async function pagePublishedDocuments(
  category: DocumentCategory,
  page: number,
  size: number,
): Promise<Paged<PublicDocument>> {
  const { limit, offset } = pageWindow(page, size);
  return toPaged(await newestOfCategory(category, limit).offset(offset), page, size);
}

/**
 * What /governance lists: each category's newest documents or, for `category`, one page of it.
 * A few bounded queries whatever the library's size (docs/decisions/048).
 */
export async function listGovernanceDocuments(query: {
  category: DocumentCategory | null;
  page: number;
}): Promise<GovernanceDocuments> {
  if (!query.category) {
    return { view: "groups", groups: await listPublishedDocumentGroups(DOCUMENTS_PER_CATEGORY) };
  }
  const { items, ...page } = await pagePublishedDocuments(
    query.category,
    query.page,
    DOCUMENTS_PAGE_SIZE,
  );
  return { view: "category", category: query.category, documents: items, ...page };
}

/**
 * A document's file for a download at `/documents/:id/:version.pdf`: a published document's for
 * everyone, a hidden one's for staff only (anyone else is told it does not exist); `version` must
 * be the start of the file's SHA-256, so an address always means the same bytes.
 */
export async function readDocumentFile(actor: Actor | null, id: string, version: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({
      title: documents.title,
      category: documents.category,
      year: documents.year,
      status: documents.status,
      fileKey: documents.fileKey,
      fileSha256: documents.fileSha256,
      sizeBytes: documents.sizeBytes,
    })
    .from(documents)
    .where(eq(documents.id, id));
  if (version.length !== 16 || !row?.fileSha256.startsWith(version)) throw notFound();
  if (row.status !== "published" && !canManageContent(actor)) throw notFound();
  const { title, category, year, status, fileKey, fileSha256, sizeBytes } = row;
  return {
    title,
    category,
    year,
    published: status === "published",
    size: sizeBytes,
    sha256: fileSha256,
    /** The file's bytes (or a range of them), streamed from the Storage (issue 35, item 8). */
    async open(range?: ByteRange) {
      const body = await getStorage().stream(fileKey, range);
      if (!body) {
        logger.error({ id, key: fileKey }, "a document's file is missing from storage");
        throw notFound();
      }
      return body;
    },
  };
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────

export const STAFF_DOCUMENTS_PAGE_SIZE = 20;

const staffColumns = {
  ...publicColumns,
  status: documents.status,
  updatedAt: documents.updatedAt,
  authorName: users.fullName,
};

/** One page of the library, newest upload first, with how many match (editors and admins). */
export async function listDocumentsForStaff(
  actor: Actor | null,
  filters: { q?: string; page?: number } = {},
) {
  assertRole(actor, "editor");
  const where = containingAny(filters.q, documents.title);
  return readNewestPage(
    filters.page ?? 1,
    STAFF_DOCUMENTS_PAGE_SIZE,
    { table: documents, newest: documents.createdAt, id: documents.id, where },
    () =>
      db
        .select(staffColumns)
        .from(documents)
        .leftJoin(users, eq(documents.authorId, users.id))
        .$dynamic(),
  );
}

export type StaffDocumentRow = Awaited<ReturnType<typeof listDocumentsForStaff>>["items"][number];

/** One document for the edit form; null when there is none. */
export async function getDocumentForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(staffColumns)
    .from(documents)
    .leftJoin(users, eq(documents.authorId, users.id))
    .where(eq(documents.id, id));
  return row ?? null;
}

/** What the form saves besides the file. */
export interface DocumentInput {
  title: string;
  category: DocumentCategory;
  year: number;
  status: DocumentStatus;
}

/** The file's bytes if it is a PDF that opens, else the refusal beside the file field. */
async function readPdf(file: File | null | undefined): Promise<Buffer> {
  if (!file || file.size === 0) throw new InvalidInputError(DOCUMENT_REQUIRED, FILE_FIELD);
  if (file.size > MAX_DOCUMENT_BYTES) throw new InvalidInputError(DOCUMENT_TOO_LARGE, FILE_FIELD);
  const bytes = Buffer.from(await file.arrayBuffer());
  const check = await checkPdf(bytes);
  if (check === "not-pdf") throw new InvalidInputError(NOT_A_PDF, FILE_FIELD);
  if (check === "broken") throw new InvalidInputError(BROKEN_PDF, FILE_FIELD);
  return bytes;
}

/** Removes a document's file; a failure is only logged (the row is what counts). */
async function discardFile(key: string) {
  try {
    await getStorage().remove(key);
  } catch (error) {
    logger.warn({ err: error, key }, "removing a document's file from storage failed");
  }
}

const savedColumns = { id: documents.id, fileSha256: documents.fileSha256 };

/**
 * Checks `file` is a PDF that opens, stores it unchanged, then records it; the uploader is its
 * author. If the row cannot be written the stored file is removed again.
 */
export async function createDocument(actor: Actor | null, input: DocumentInput, file: File) {
  const editor = assertRole(actor, "editor");
  const bytes = await readPdf(file);
  const id = randomUUID();
  const fileKey = `${DOCUMENTS_FOLDER}/${id}.pdf`;
  const fileSha256 = createHash("sha256").update(bytes).digest("hex");
  await getStorage().put(fileKey, bytes, "application/pdf");
  try {
    const [created] = await db
      .insert(documents)
      .values({ ...input, id, fileKey, fileSha256, sizeBytes: bytes.length, authorId: editor.id })
      .returning(savedColumns);
    return created;
  } catch (error) {
    await discardFile(fileKey);
    throw error;
  }
}

/** Saves the edit form (title, category, year, status); the file stays as uploaded. */
const THIS_DOCUMENT = "هذه الوثيقة";

export async function updateDocument(
  actor: Actor | null,
  id: string,
  input: DocumentInput,
  /** The `updated_at` the form was opened with (ISO); another one is a stale save (409). */
  version?: string,
) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [current] = await db
    .select({ updatedAt: documents.updatedAt })
    .from(documents)
    .where(eq(documents.id, id));
  if (!current) throw notFound();
  if (isStaleVersion(version, current.updatedAt)) throw new StaleEditError(THIS_DOCUMENT);
  const [row] = await db
    .update(documents)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(documents.id, id), stillAt(documents.updatedAt, current.updatedAt)))
    .returning(savedColumns);
  if (!row) throw new StaleEditError(THIS_DOCUMENT);
  return row;
}

/** Publishes a hidden document or hides a published one (the list's row button). */
export async function toggleDocumentStatus(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [current] = await db
    .select({ status: documents.status })
    .from(documents)
    .where(eq(documents.id, id));
  if (!current) throw notFound();
  const status: DocumentStatus = current.status === "published" ? "hidden" : "published";
  const [row] = await db
    .update(documents)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(documents.id, id), eq(documents.status, current.status)))
    .returning({ id: documents.id, status: documents.status });
  if (!row) throw new ConflictError("تغيّرت حالة الوثيقة قبل قليل، حدّث الصفحة وحاول مجدداً");
  return row;
}

/** Deletes a document's row, then its file; a storage failure never undoes the delete. */
export async function deleteDocument(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [deleted] = await db
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ id: documents.id, fileKey: documents.fileKey });
  if (!deleted) throw notFound();
  await discardFile(deleted.fileKey);
  return { id: deleted.id };
}
