import { inArray } from "drizzle-orm";
import { type BlockMap, blockId } from "~/utils/content-blocks";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { sanitizeBlockHtml } from "~/utils/sanitize.server";
import { pageContent } from "../../database/schema";

/**
 * The stored texts of the given page paths, keyed by `blockId(path, key)`. A failed read is
 * logged and answers nothing, so every block shows its built-in default (spec §8).
 */
export async function getBlocks(paths: string[]): Promise<BlockMap> {
  try {
    const rows = await db
      .select({
        pagePath: pageContent.pagePath,
        contentKey: pageContent.contentKey,
        contentValue: pageContent.contentValue,
        contentType: pageContent.contentType,
      })
      .from(pageContent)
      .where(inArray(pageContent.pagePath, paths));
    const blocks: BlockMap = {};
    for (const row of rows) {
      blocks[blockId(row.pagePath, row.contentKey)] = {
        value: row.contentType === "html" ? sanitizeBlockHtml(row.contentValue) : row.contentValue,
        type: row.contentType,
      };
    }
    return blocks;
  } catch (error) {
    logger.error({ err: error, paths }, "failed to read page content");
    return {};
  }
}
