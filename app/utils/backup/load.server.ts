import { existsSync, readdirSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import pg from "pg";
import { openEmbeddedDatabase } from "../embedded-database.server";
import { BackupError } from "./backup-error.server";
import {
  countRows,
  describeCountDifferences,
  listTables,
  type RunQuery,
} from "./row-counts.server";

/** Where a restore goes: a new embedded database folder, or an empty PostgreSQL database. */
export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  | { kind: "postgres"; url: string };

const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

/** Refuses any target that already holds a database: a restore never overwrites. */
export async function assertEmptyTarget(target: DatabaseTarget): Promise<void> {
  if (target.kind === "pglite") {
    if (!isEmptyFolder(target.dataDir)) {
      throw new BackupError(
        `توجد قاعدة بيانات في ${target.dataDir}؛ الاستعادة تكون إلى مجلد بيانات فارغ فقط (اختر DATA_DIR جديداً).`,
      );
    }
    return;
  }
  await withPostgres(target.url, async (query) => {
    const tables = await listTables(query);
    if (tables.length) {
      throw new BackupError(
        `قاعدة البيانات الهدف ليست فارغة (عدد جداولها ${tables.length}، منها ${tables[0]})؛ الاستعادة تكون إلى قاعدة بيانات جديدة فارغة فقط.`,
      );
    }
  });
}

/**
 * Loads a dump into an empty target in one transaction and re-counts every table before it
 * commits: a failed statement or a count that differs from the manifest leaves nothing behind.
 */
export async function loadDump(
  target: DatabaseTarget,
  sql: string,
  expectedCounts: Record<string, number>,
): Promise<void> {
  const loadAndCheck = async (exec: (sql: string) => Promise<unknown>, query: RunQuery) => {
    const settings = await query("select name from pg_settings");
    const known = new Set(settings.map((row) => String(row.name)));
    try {
      await exec(withoutUnknownSettings(sql, known));
    } catch (error) {
      throw new BackupError(`تعذّر تحميل قاعدة البيانات: ${(error as Error).message}`);
    }
    const differences = describeCountDifferences(expectedCounts, await countRows(query));
    if (differences.length) {
      throw new BackupError(
        `عدد الصفوف بعد التحميل لا يطابق النسخة، أُلغيت الاستعادة:\n${differences.join("\n")}`,
      );
    }
  };

  if (target.kind === "postgres") {
    await withPostgres(target.url, async (query, client) => {
      await client.query("begin");
      try {
        await loadAndCheck((text) => client.query(text), query);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      }
    });
    return;
  }

  // Checked again right here: on failure the folder is removed, so it must be ours.
  await assertEmptyTarget(target);
  await mkdir(target.dataDir, { recursive: true });
  const client = openEmbeddedDatabase(target.dataDir);
  let loaded = false;
  try {
    await client.transaction(async (tx) => {
      await loadAndCheck(
        (text) => tx.exec(text),
        async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
      );
    });
    loaded = true;
  } finally {
    await client.close().catch(() => {});
    // The folder was empty before: leave it so again, ready for another attempt.
    if (!loaded) await rm(target.dataDir, { recursive: true, force: true });
  }
}

async function withPostgres<T>(
  url: string,
  work: (query: RunQuery, client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // a lost connection also fails the query in progress
  await client.connect().catch((error: Error) => {
    throw new BackupError(`تعذّر الاتصال بقاعدة البيانات الهدف: ${error.message}`);
  });
  try {
    return await work(async (text) => (await client.query(text)).rows, client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_dump starts with `SET name = value;` lines for its own server version; PostgreSQL 18's
 * `SET transaction_timeout` is an error on an older server. The header lines naming a setting
 * the target does not know are dropped. Only the header is touched, never the data.
 */
function withoutUnknownSettings(sql: string, knownSettings: Set<string>): string {
  const lines = sql.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const setting = /^SET (\w+) = .*;$/.exec(line)?.[1];
    if (setting) {
      if (!knownSettings.has(setting)) lines[index] = `-- (not on this server) ${line}`;
    } else if (line && !line.startsWith("--") && !line.startsWith("SELECT pg_catalog.")) {
      break;
    }
  }
  return lines.join("\n");
}
