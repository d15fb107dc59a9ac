import { spawn } from "node:child_process";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import pg from "pg";
import { BackupError } from "./backup-error.server";
import type { DatabaseKind } from "./manifest.server";
import { countRows, type RunQuery } from "./row-counts.server";

/**
 * A database to back up: an embedded PGlite that nothing else writes to while it is dumped
 * (the backup command's own instance, or a copy of the server's), or a PostgreSQL server.
 */
export type DatabaseSource = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };

export interface DatabaseDump {
  kind: DatabaseKind;
  serverVersion: string;
  /** Plain SQL (INSERT statements, no owners or grants) that PGlite and PostgreSQL both load. */
  sql: string;
  rowCounts: Record<string, number>;
}

// Plain INSERTs load through a single query call on either side (COPY needs psql).
const DUMP_OPTIONS = ["--no-owner", "--no-privileges", "--rows-per-insert=100"];

export function dumpDatabase(source: DatabaseSource): Promise<DatabaseDump> {
  return source.kind === "pglite" ? dumpPglite(source.client) : dumpPostgres(source.url);
}

async function dumpPglite(client: PGlite): Promise<DatabaseDump> {
  const query: RunQuery = async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
  const [{ version }] = await query("select version()");
  const rowCounts = await countRows(query);
  let file: File;
  try {
    file = await pgDump({ pg: client, args: DUMP_OPTIONS });
  } catch (error) {
    throw new BackupError(`تعذّر تصدير قاعدة البيانات المدمجة: ${(error as Error).message}`);
  }
  return { kind: "pglite", serverVersion: String(version), sql: await file.text(), rowCounts };
}

/**
 * pg_dump of a live server. The rows are counted inside a transaction whose snapshot pg_dump
 * then reads (`--snapshot`), so the counts describe exactly the dumped data.
 */
async function dumpPostgres(url: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // a lost connection also fails the query in progress
  await client.connect().catch((error: Error) => {
    throw new BackupError(`تعذّر الاتصال بقاعدة البيانات: ${error.message}`);
  });
  try {
    const query: RunQuery = async (sql) => (await client.query(sql)).rows;
    await client.query("begin isolation level repeatable read read only");
    const [{ snapshot, version }] = await query(
      "select pg_export_snapshot() as snapshot, version() as version",
    );
    const rowCounts = await countRows(query);
    const sql = await runPgDump(url, [...DUMP_OPTIONS, `--snapshot=${snapshot}`]);
    await client.query("commit");
    return { kind: "postgres", serverVersion: String(version), sql, rowCounts };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs /usr/bin/pg_dump (any pg_dump on PATH); the password travels in PGPASSWORD, not argv. */
function runPgDump(url: string, options: string[]): Promise<string> {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = "";
  const child = spawn("pg_dump", [...options, `--dbname=${connection}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? "الأداة pg_dump غير مثبتة؛ ثبّت عميل PostgreSQL بإصدار الخادم نفسه أو أحدث."
            : `تعذّر تشغيل pg_dump: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new BackupError(`فشل pg_dump (رمز الخروج ${code}): ${errors.trim()}`));
        return;
      }
      resolve(withoutRestrictKey(Buffer.concat(out).toString("utf8")));
    });
  });
}

/**
 * Recent pg_dump releases wrap the script in `\restrict KEY` … `\unrestrict KEY`, commands for
 * psql that a plain query cannot run. Only those two exact lines are removed, never data.
 */
function withoutRestrictKey(sql: string): string {
  const key = /^\\restrict (\S+)$/m.exec(sql)?.[1];
  if (!key) return sql;
  return sql
    .split("\n")
    .filter((line) => line !== `\\restrict ${key}` && line !== `\\unrestrict ${key}`)
    .join("\n");
}
