import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { extract } from "tar";

// How every embedded database (PGlite) of the site is opened: the server's, the command-line
// tools', a backup's copy and a restore's target (docs/decisions/059).

/**
 * PostgreSQL in PGlite allocates its shared memory in the WASM heap at start and zeroes it all:
 * the default 128 MB of shared buffers was most of the server's resident memory. 16 MB holds the
 * indexes and hot rows of a 10,000-post site; other pages are read from the operating system's
 * file cache.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * A new data folder as initdb leaves it, made by `npm run build` (scripts/database-template.js).
 * PGlite's own initdb runs in a second WASM instance beside a copy of its heap: ~800 MB at once.
 */
export const databaseTemplateFile = () =>
  path.resolve(process.env.BUILD_DIR || "build", "database-template.tar.gz");

/** Options for a PGlite in memory (a backup's copy, tests): the same memory settings. */
export const pgliteOptions = (options: PGliteOptions = {}): PGliteOptions => ({
  startParams: PGLITE_START_PARAMS,
  ...options,
});

/** Opens the embedded database in `dataDir`, creating it (from the build's template when there is one). */
export function openEmbeddedDatabase(dataDir: string): PGlite {
  unpackTemplate(dataDir);
  mkdirSync(dataDir, { recursive: true });
  return new PGlite(dataDir, pgliteOptions());
}

/**
 * Unpacks the template as `dataDir` when there is nothing there yet. Streamed from the file (PGlite's
 * `loadDataDir` would hold it whole, unpacked, in memory) into a folder beside it, renamed when
 * complete: a start interrupted halfway leaves no half database behind.
 */
function unpackTemplate(dataDir: string) {
  const template = databaseTemplateFile();
  if (!existsSync(template)) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  const unpacking = `${dataDir}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true, mode: 0o700 });
  extract({ file: template, cwd: unpacking, sync: true });
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(unpacking, dataDir);
}
