import { sql } from "drizzle-orm";
import { CHANGES_CHANNEL, db } from "~/utils/db.server";
import { STORED_FILES } from "~/utils/storage.server";

/**
 * Tells every server process (this one included) that a file was stored or removed, so each
 * forgets the storage usage it keeps (`storageUsage`, server/realtime.ts). Files have no table
 * whose trigger could say it; the payload names no file. Never streamed to a browser.
 */
export async function announceStoredFilesChanged(op: "put" | "remove") {
  const payload = JSON.stringify({ table: STORED_FILES, op });
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
}
