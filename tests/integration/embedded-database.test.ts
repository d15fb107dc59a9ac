import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteHandle } from "~/utils/db.server";
import { openEmbeddedDatabase } from "~/utils/embedded-database.server";

// A new embedded database is unpacked from the build's template instead of running initdb
// (docs/decisions/059); it then migrates and answers as any other, with the small shared buffers.
describe("the embedded database made from the build's template", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "rifq-embedded-"));
  const buildDir = path.join(folder, "build");
  const previousBuildDir = process.env.BUILD_DIR;

  beforeAll(async () => {
    // What scripts/database-template.js writes, with a mark to tell it from initdb's output.
    const database = await PGlite.create();
    await database.exec("create table made_from_template (id int)");
    const tarball = await database.dumpDataDir("gzip");
    await database.close();
    mkdirSync(buildDir);
    writeFileSync(
      path.join(buildDir, "database-template.tar.gz"),
      Buffer.from(await tarball.arrayBuffer()),
    );
    process.env.BUILD_DIR = buildDir;
  }, 120_000);

  afterAll(() => {
    if (previousBuildDir === undefined) delete process.env.BUILD_DIR;
    else process.env.BUILD_DIR = previousBuildDir;
    rmSync(folder, { recursive: true, force: true });
  });

  it("migrates, keeps its rows across a restart and runs with 16 MB of shared buffers", async () => {
    const dataDir = path.join(folder, "data", "db");
    const first = createPgliteHandle(openEmbeddedDatabase(dataDir));
    await first.migrate();
    await first.db.execute("insert into categories (name, slug) values ('صحة', 'health')");
    await first.close();
    // Unpacked whole and renamed: nothing is left beside it.
    expect(readdirSync(path.dirname(dataDir))).toEqual(["db"]);
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);

    const client = openEmbeddedDatabase(dataDir);
    const again = createPgliteHandle(client);
    await again.migrate();
    const marked = await client.query(
      "select 1 from pg_tables where tablename = 'made_from_template'",
    );
    expect(marked.rows).toHaveLength(1);
    const rows = await client.query<{ name: string }>("select name from categories");
    expect(rows.rows.map((row) => row.name)).toEqual(["صحة"]);
    const buffers = await client.query<{ shared_buffers: string }>("show shared_buffers");
    expect(buffers.rows[0]?.shared_buffers).toBe("16MB");
    await again.close();
  }, 120_000);
});
