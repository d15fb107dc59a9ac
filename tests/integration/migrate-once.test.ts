import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";

/**
 * Three processes started at once on an empty PostgreSQL database migrate it exactly once (the
 * advisory lock in app/utils/db.server.ts); a fourth that brings a migration that fails exits
 * with a clear message, changes nothing, and the three keep serving (issue 38, decision 077).
 */

const SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const JOURNAL = "database/migrations/meta/_journal.json";
const shipped = (JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: { tag: string }[] })
  .entries;

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Started {
  child: ChildProcess;
  ready: Promise<number>;
  exited: Promise<{ code: number | null; stderr: string }>;
}

function startProcess(databaseUrl: string, migrationsFolder?: string): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/migrating-process.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: databaseUrl,
      MIGRATIONS_FOLDER: migrationsFolder ?? "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const ready = new Promise<number>((resolve, reject) => {
    let stdout = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.match(/\{"port":(\d+)\}/);
      if (line) resolve(Number(line[1]));
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  ready.catch(() => {});
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
  return { child, ready, exited };
}

const answer = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

/** A copy of the migrations with one more at the end that creates a table and then fails. */
function brokenMigrations(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "rifq-migrations-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  cpSync("database/migrations", folder, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
  const tag = "9999_broken";
  journal.entries.push({
    idx: journal.entries.length,
    version: "7",
    when: Date.now(),
    tag,
    breakpoints: true,
  });
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  writeFileSync(
    path.join(folder, `${tag}.sql`),
    "CREATE TABLE half_done (id integer);\n--> statement-breakpoint\nSELECT * FROM no_such_table;\n",
  );
  return folder;
}

describe("start-up of several processes on one empty PostgreSQL", () => {
  test("three at once migrate exactly once; a failing migration leaves them serving", async (context) => {
    if (!(await reachable(SERVER))) {
      console.info(`PostgreSQL does not answer at ${SERVER}: the three-process test is skipped`);
      return context.skip();
    }
    const admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    const name = `rifq_migrate_once_${randomBytes(5).toString("hex")}`;
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();

    const three = [startProcess(databaseUrl), startProcess(databaseUrl), startProcess(databaseUrl)];
    const ports = await Promise.all(three.map((started) => started.ready));

    // Each migration is recorded once (a second run would have failed on its CREATE TABLEs or
    // added rows), and every process is ready and sees them all.
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    cleanups.push(() => database.end());
    const rows = await database.query<{ hash: string }>(
      "select hash from drizzle.__drizzle_migrations",
    );
    expect(rows.rows).toHaveLength(shipped.length);
    expect(new Set(rows.rows.map((row) => row.hash)).size).toBe(shipped.length);
    for (const port of ports) {
      expect(await answer(port)).toEqual({ status: 200, body: { migrations: shipped.length } });
    }

    // An upgrade whose new migration fails: the new process says so and ends; nothing changed.
    const upgrade = startProcess(databaseUrl, brokenMigrations());
    const { code, stderr } = await upgrade.exited;
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Database migration failed, nothing was changed/);
    expect(stderr).toContain('relation "no_such_table" does not exist');
    const halfDone = await database.query("select to_regclass('public.half_done') as t");
    expect(halfDone.rows[0].t).toBeNull();
    for (const port of ports) {
      expect(await answer(port)).toEqual({ status: 200, body: { migrations: shipped.length } });
    }
    for (const started of three) started.child.kill("SIGTERM");
    for (const started of three) expect((await started.exited).code).toBe(0);
  }, 120_000);
});
