import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AuditAction } from "~/shared/audit-subjects";
import {
  type BlockMap,
  type BlockRevision,
  blockId,
  CONTENT_KEY_PATTERN,
  isEditablePagePath,
  MAX_BLOCK_VALUE_LENGTH,
  MAX_CONTENT_KEY_LENGTH,
  PAGE_TEXT_MESSAGES,
  type StoredBlock,
} from "~/shared/content-blocks";
import { InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import { type Actor, assertRole } from "~/shared/roles";
import { type Database, db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { cachedRead, forgetReads } from "~/utils/read-cache.server";
import { sanitizeBlockHtml } from "~/utils/rich-text.server";
import { pageContent, pageContentRevisions, users } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";

// The page-text inputs the /api/page-content route and these functions accept. The editor
// itself needs none of them (it checks emptiness and length), so zod stays out of the pages.

/** Which block: the page path and the content key. */
export const blockTargetSchema = z.object({
  pagePath: z
    .string({ error: PAGE_TEXT_MESSAGES.invalidPath })
    .max(300, PAGE_TEXT_MESSAGES.invalidPath)
    .refine(isEditablePagePath, PAGE_TEXT_MESSAGES.invalidPath),
  contentKey: z
    .string({ error: PAGE_TEXT_MESSAGES.invalidKey })
    .max(MAX_CONTENT_KEY_LENGTH, PAGE_TEXT_MESSAGES.invalidKey)
    .regex(CONTENT_KEY_PATTERN, PAGE_TEXT_MESSAGES.invalidKey),
});

/** `updated_at` of the block as the editor saw it; absent when it showed the built-in default. */
const expectedUpdatedAt = z.iso
  .datetime({ offset: true, error: PAGE_TEXT_MESSAGES.invalidVersion })
  .optional();

export const pageTextSaveSchema = blockTargetSchema.extend({
  value: z
    .string({ error: PAGE_TEXT_MESSAGES.emptyValue })
    .trim()
    .min(1, PAGE_TEXT_MESSAGES.emptyValue)
    .max(MAX_BLOCK_VALUE_LENGTH, PAGE_TEXT_MESSAGES.tooLong),
  contentType: z.enum(["text", "html"]),
  expectedUpdatedAt,
});
export type PageTextSave = z.infer<typeof pageTextSaveSchema>;

export const pageTextRestoreSchema = blockTargetSchema.extend({
  revisionId: z.uuid({ error: PAGE_TEXT_MESSAGES.invalidRevision }),
  expectedUpdatedAt,
});
export type PageTextRestore = z.infer<typeof pageTextRestoreSchema>;

export const pageTextResetSchema = blockTargetSchema.extend({ expectedUpdatedAt });
export type PageTextReset = z.infer<typeof pageTextResetSchema>;

/** The three page-text writes the /api/page-content action accepts. */
export const pageTextIntentSchema = z.discriminatedUnion("intent", [
  pageTextSaveSchema.extend({ intent: z.literal("save") }),
  pageTextRestoreSchema.extend({ intent: z.literal("restore") }),
  pageTextResetSchema.extend({ intent: z.literal("reset") }),
]);

type Row = { contentValue: string; contentType: "text" | "html"; updatedAt: Date };

function toStoredBlock(row: Row): StoredBlock {
  return {
    value: row.contentType === "html" ? sanitizeBlockHtml(row.contentValue) : row.contentValue,
    type: row.contentType,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored (sanitized) texts of one page path, read once per page-text change; may throw. */
export function readPageBlocks(pagePath: string): Promise<BlockMap> {
  return cachedRead(`page_content:${pagePath}`, "page_content", async () => {
    const rows = await db
      .select({
        contentKey: pageContent.contentKey,
        contentValue: pageContent.contentValue,
        contentType: pageContent.contentType,
        updatedAt: pageContent.updatedAt,
      })
      .from(pageContent)
      .where(eq(pageContent.pagePath, pagePath));
    const blocks: BlockMap = {};
    for (const row of rows) blocks[blockId(pagePath, row.contentKey)] = toStoredBlock(row);
    return blocks;
  });
}

/**
 * The stored texts of the given page paths, keyed by `blockId(path, key)`. A failed read is
 * logged and answers nothing, so every block shows its built-in default (spec §8).
 */
export async function getBlocks(paths: string[]): Promise<BlockMap> {
  try {
    const maps = await Promise.all(paths.map(readPageBlocks));
    return Object.assign({}, ...maps);
  } catch (error) {
    logger.error({ err: error, paths }, "failed to read page content");
    return {};
  }
}

/** A refused input: a 400 refusal with the first Arabic message, like `assertRole`'s 401/403. */
function parseOrRefuse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new InvalidInputError(result.error.issues[0]?.message ?? PAGE_TEXT_MESSAGES.failed);
}

/** A successful write answers the block as now stored (null: back to the built-in default). */
export type PageTextOutcome =
  | { status: "saved"; block: StoredBlock | null }
  | { status: "conflict"; current: StoredBlock | null };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Target = { pagePath: string; contentKey: string };

const whereBlock = ({ pagePath, contentKey }: Target) =>
  and(eq(pageContent.pagePath, pagePath), eq(pageContent.contentKey, contentKey));

async function readBlock(
  executor: Pick<Database, "select">,
  target: Target,
): Promise<StoredBlock | null> {
  const [row] = await executor
    .select({
      contentValue: pageContent.contentValue,
      contentType: pageContent.contentType,
      updatedAt: pageContent.updatedAt,
    })
    .from(pageContent)
    .where(whereBlock(target));
  return row ? toStoredBlock(row) : null;
}

/** Same row version as the editor saw? Compared in milliseconds, the precision a browser keeps. */
function isUnchangedSince(current: StoredBlock | null, expectedUpdatedAt: string | undefined) {
  if (!current || !expectedUpdatedAt) return !current && !expectedUpdatedAt;
  return new Date(current.updatedAt).getTime() === new Date(expectedUpdatedAt).getTime();
}

/**
 * Runs `write` for one block under a transaction-scoped lock, once the block is known not
 * to have changed since the editor read it; otherwise answers the conflict and writes nothing.
 */
async function writeIfUnchanged(
  target: Target,
  expectedUpdatedAt: string | undefined,
  write: (tx: Transaction, current: StoredBlock | null) => Promise<void>,
  audit: { actor: Actor; action: AuditAction },
): Promise<PageTextOutcome> {
  const outcome = await db.transaction(async (tx): Promise<PageTextOutcome> => {
    // Serialises writers of this block even when no row exists yet to lock.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${target.pagePath}), hashtext(${target.contentKey}))`,
    );
    const current = await readBlock(tx, target);
    if (!isUnchangedSince(current, expectedUpdatedAt)) return { status: "conflict", current };
    await write(tx, current);
    const block = await readBlock(tx, target);
    // In the audit log with the save, in this transaction (docs/decisions/075).
    await recordStaffAction(tx, {
      ...audit,
      subject: "page_texts",
      item: { id: `${target.pagePath}#${target.contentKey}`, label: target.contentKey },
      before: { [target.pagePath]: current?.value ?? "" },
      after: { [target.pagePath]: block?.value ?? "" },
    });
    return { status: "saved", block };
  });
  if (outcome.status === "saved") forgetReads({ table: "page_content" });
  return outcome;
}

const hasVisibleText = (html: string) => html.replace(/<[^>]*>/g, "").trim().length > 0;

/**
 * Stores a page text (admins only), keeps it in the block's history and answers the stored
 * value read back. `html` is sanitized here, before it is ever stored.
 */
export async function savePageText(
  actor: Actor | null,
  input: PageTextSave,
  action: AuditAction = "updated",
): Promise<PageTextOutcome> {
  const admin = assertRole(actor, "admin");
  const { pagePath, contentKey, value, contentType, expectedUpdatedAt } = parseOrRefuse(
    pageTextSaveSchema,
    input,
  );
  const contentValue = contentType === "html" ? sanitizeBlockHtml(value).trim() : value;
  if (!hasVisibleText(contentValue)) {
    throw new InvalidInputError(PAGE_TEXT_MESSAGES.emptyValue);
  }
  const target = { pagePath, contentKey };
  return writeIfUnchanged(
    target,
    expectedUpdatedAt,
    async (tx, current) => {
      // Strictly later than the version it replaces, so every save is a new version.
      const previous = current ? new Date(current.updatedAt).getTime() : 0;
      const updatedAt = new Date(Math.max(Date.now(), previous + 1));
      const fields = { contentValue, contentType, updatedBy: admin.id, updatedAt };
      await tx
        .insert(pageContent)
        .values({ pagePath, contentKey, ...fields })
        .onConflictDoUpdate({
          target: [pageContent.pagePath, pageContent.contentKey],
          set: fields,
        });
      await tx.insert(pageContentRevisions).values({
        pagePath,
        contentKey,
        contentValue,
        contentType,
        savedBy: admin.id,
        savedAt: updatedAt,
      });
    },
    { actor: admin, action },
  );
}

/** Brings back an earlier value of the block: a new save of it, so it is in history too. */
export async function restorePageTextRevision(
  actor: Actor | null,
  input: PageTextRestore,
): Promise<PageTextOutcome> {
  assertRole(actor, "admin");
  const { pagePath, contentKey, revisionId, expectedUpdatedAt } = parseOrRefuse(
    pageTextRestoreSchema,
    input,
  );
  const [revision] = await db
    .select({
      contentValue: pageContentRevisions.contentValue,
      contentType: pageContentRevisions.contentType,
    })
    .from(pageContentRevisions)
    .where(
      and(
        eq(pageContentRevisions.id, revisionId),
        eq(pageContentRevisions.pagePath, pagePath),
        eq(pageContentRevisions.contentKey, contentKey),
      ),
    );
  if (!revision) throw new NotFoundError(PAGE_TEXT_MESSAGES.invalidRevision);
  return savePageText(
    actor,
    {
      pagePath,
      contentKey,
      value: revision.contentValue,
      contentType: revision.contentType,
      expectedUpdatedAt,
    },
    "restored",
  );
}

/** Deletes the stored value so the block shows its built-in default again (admins only). */
export async function resetPageText(
  actor: Actor | null,
  input: PageTextReset,
): Promise<PageTextOutcome> {
  const admin = assertRole(actor, "admin");
  const { expectedUpdatedAt, ...target } = parseOrRefuse(pageTextResetSchema, input);
  return writeIfUnchanged(
    target,
    expectedUpdatedAt,
    async (tx) => {
      await tx.delete(pageContent).where(whereBlock(target));
    },
    { actor: admin, action: "restored" },
  );
}

export const HISTORY_LIMIT = 50;

/** The block's saved values, newest first, with their authors (admins only). */
export async function listPageTextRevisions(
  actor: Actor | null,
  input: { pagePath: string; contentKey: string },
): Promise<{ current: StoredBlock | null; revisions: BlockRevision[] }> {
  assertRole(actor, "admin");
  const { pagePath, contentKey } = parseOrRefuse(blockTargetSchema, input);
  const rows = await db
    .select({
      id: pageContentRevisions.id,
      contentValue: pageContentRevisions.contentValue,
      contentType: pageContentRevisions.contentType,
      savedAt: pageContentRevisions.savedAt,
      savedBy: users.fullName,
    })
    .from(pageContentRevisions)
    .leftJoin(users, eq(users.id, pageContentRevisions.savedBy))
    .where(
      and(
        eq(pageContentRevisions.pagePath, pagePath),
        eq(pageContentRevisions.contentKey, contentKey),
      ),
    )
    .orderBy(desc(pageContentRevisions.savedAt), desc(pageContentRevisions.id))
    .limit(HISTORY_LIMIT);
  const current = await readBlock(db, { pagePath, contentKey });
  return {
    current,
    revisions: rows.map((row) => ({
      id: row.id,
      value: row.contentType === "html" ? sanitizeBlockHtml(row.contentValue) : row.contentValue,
      type: row.contentType,
      savedAt: row.savedAt.toISOString(),
      savedBy: row.savedBy?.trim() || "مستخدم",
    })),
  };
}
