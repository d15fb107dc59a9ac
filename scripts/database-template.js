// Runs after `react-router build`: writes BUILD_DIR/database-template.tar.gz, a PostgreSQL data
// folder as PGlite's initdb leaves it. The server creates a new embedded database from it
// (app/utils/embedded-database.server.ts) instead of running initdb, which peaks at ~800 MB: here,
// in the build, which needs as much for itself, not in the server (docs/decisions/059).
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const file = path.join(process.env.BUILD_DIR || "build", "database-template.tar.gz");
const database = await PGlite.create();
const tarball = await database.dumpDataDir("gzip");
await database.close();
writeFileSync(`${file}.tmp`, Buffer.from(await tarball.arrayBuffer()));
renameSync(`${file}.tmp`, file);
console.log(`database template: ${file} (${(tarball.size / 1024 / 1024).toFixed(1)} MB)`);
