// `npm start`: serves the production build, building it first when it is missing or older
// than the sources, so `npm install && npm start` is all a fresh machine needs.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD_ENTRY = `${BUILD_DIR}/server/index.js`;
const DATABASE_TEMPLATE = `${BUILD_DIR}/database-template.tar.gz`;
const SOURCES = [
  "app",
  "server",
  "database",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (built < sources) {
  console.log(
    built ? "Sources changed since the last build; rebuilding…" : "No build yet; building…",
  );
  // `npm run build` itself: the same steps in the same order (the app, its later stylesheet, the
  // compressed copies, the database template).
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The new embedded database's template (docs/decisions/059), when a build left it out: its own
// process, whose memory is returned before the server starts.
if (!existsSync(DATABASE_TEMPLATE)) {
  spawnSync(process.execPath, ["scripts/database-template.js"], { stdio: "inherit" });
}

process.env.NODE_ENV = "production";
await import("../server/index.js");
