import { deleteExpiredFormAnswers } from "~/models/form-answer-retention.server";
import { startDailyJob } from "./daily-job";

/**
 * Deletes form answers whose retention has passed, with their files and requests, and removes
 * files an earlier deletion could not (docs/decisions/073): two minutes after start, then daily.
 */
export const startFormRetention = (options?: { firstRunDelayMs?: number }) =>
  startDailyJob("form answers retention", () => deleteExpiredFormAnswers(), {
    firstRunDelayMs: 120_000,
    ...options,
  });
