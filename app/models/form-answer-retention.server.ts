import { asc, count, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { builtForms, formAnswerFiles, formAnswers } from "../../database/schema";
import { queueFileDeletions, removePendingFiles } from "./pending-file-deletions.server";

// Deleting form answers (docs/decisions/073): their files, requests and request histories go
// with them (the foreign keys cascade), each form's answer count moves in the same transaction,
// and the files are removed from Storage after the commit (pending-file-deletions).

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Expired answers deleted per transaction: short locks, however many expired at once. */
export const EXPIRED_ANSWERS_BATCH = 200;

/**
 * Inside `tx`: deletes the answers `ids` (rows already chosen by the caller), notes their files
 * for removal and lowers their forms' counts. Answers the files' storage keys.
 */
export async function deleteFormAnswersIn(tx: Transaction, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const files = await tx
    .select({ key: formAnswerFiles.storageKey })
    .from(formAnswerFiles)
    .where(inArray(formAnswerFiles.answerId, ids));
  const keys = files.map((file) => file.key);
  await queueFileDeletions(tx, keys);
  const perForm = await tx
    .select({ formId: formAnswers.formId, answers: count() })
    .from(formAnswers)
    .where(inArray(formAnswers.id, ids))
    .groupBy(formAnswers.formId)
    .orderBy(formAnswers.formId);
  await tx.delete(formAnswers).where(inArray(formAnswers.id, ids));
  for (const { formId, answers } of perForm) {
    await tx
      .update(builtForms)
      .set({ answersCount: sql`greatest(${builtForms.answersCount} - ${answers}, 0)` })
      .where(eq(builtForms.id, formId));
  }
  return keys;
}

/**
 * The daily job's pass: answers whose `expires_at` has passed are deleted in batches, each in
 * its own transaction; rows another process holds are skipped (`SKIP LOCKED`), so every process
 * may run it at once and each answer goes exactly once. Then every noted file is removed,
 * earlier failures included. Answers how many answers and files went.
 */
export async function deleteExpiredFormAnswers(now = new Date(), batch = EXPIRED_ANSWERS_BATCH) {
  let answers = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: formAnswers.id })
        .from(formAnswers)
        .where(lt(formAnswers.expiresAt, now))
        .orderBy(asc(formAnswers.expiresAt))
        .limit(batch)
        .for("update", { skipLocked: true });
      await deleteFormAnswersIn(
        tx,
        expired.map((row) => row.id),
      );
      return expired.length;
    });
    answers += deleted;
    if (deleted < batch) break;
  }
  const files = await removePendingFiles();
  return { answers, files: files.removed, filesWaiting: files.failed };
}
