import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, inject } from "vitest";
import {
  createPgliteHandle,
  createPostgresHandle,
  type DatabaseHandle,
  installDatabase,
} from "../../app/utils/db.server";
import { pgliteOptions } from "../../app/utils/embedded-database.server";

// Each test file gets its own data folder (outbox, uploads) and its own database.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-test-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";
process.env.SITE_URL = "http://localhost:3000";

let handle: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  // A fresh database on the PostgreSQL server, migrated, dropped after the file.
  const name = `rifq_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  handle = createPostgresHandle(url.toString());
  await handle.migrate();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
} else {
  const template = readFileSync(inject("pgliteTemplate"));
  const client = await PGlite.create(pgliteOptions({ loadDataDir: new Blob([template]) }));
  handle = createPgliteHandle(client);
}
installDatabase(handle);

afterAll(async () => {
  await handle.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});
