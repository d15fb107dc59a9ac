import { eq, inArray, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { getStorage } from "~/utils/storage.server";
import { pendingFileDeletions } from "../../database/schema";

// Files whose rows were deleted (docs/decisions/073): noted in the deleting transaction, removed
// from Storage after it commits. A removal that fails keeps its row for the daily job's next try,
// so a file outlives its row by a day at most, never for good.

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** How many noted files one pass removes. */
const REMOVAL_BATCH = 500;

/** Notes `keys` for removal, inside the transaction that deletes their rows. */
export async function queueFileDeletions(tx: Transaction, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(pendingFileDeletions)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing();
}

/**
 * Removes noted files from Storage (`keys` only, or every noted one): a removed file's row goes,
 * a failed removal counts an attempt and stays. Answers how many were removed and how many wait.
 */
export async function removePendingFiles(keys?: string[]) {
  if (keys?.length === 0) return { removed: 0, failed: 0 };
  const noted = await db
    .select({ key: pendingFileDeletions.storageKey })
    .from(pendingFileDeletions)
    .where(keys ? inArray(pendingFileDeletions.storageKey, keys) : undefined)
    .orderBy(pendingFileDeletions.createdAt)
    .limit(keys ? keys.length : REMOVAL_BATCH);
  let removed = 0;
  let failed = 0;
  for (const { key } of noted) {
    try {
      await getStorage().remove(key);
      await db.delete(pendingFileDeletions).where(eq(pendingFileDeletions.storageKey, key));
      removed++;
    } catch (error) {
      failed++;
      logger.warn({ err: error, key }, "a deleted row's file could not be removed; retried daily");
      await db
        .update(pendingFileDeletions)
        .set({ attempts: sql`${pendingFileDeletions.attempts} + 1` })
        .where(eq(pendingFileDeletions.storageKey, key));
    }
  }
  return { removed, failed };
}

/** The keys still waiting for removal (the operations' check and the tests). */
export async function listPendingFileDeletions(): Promise<string[]> {
  const rows = await db
    .select({ key: pendingFileDeletions.storageKey })
    .from(pendingFileDeletions)
    .orderBy(pendingFileDeletions.createdAt);
  return rows.map((row) => row.key);
}
