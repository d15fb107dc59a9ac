// `npm start`: serves the production build, building it first when it is missing or older
// than the sources, so `npm install && npm start` is all a fresh machine needs.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_ENTRY = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;
const SOURCES = [
  "app",
  "server",
  "database",
  "public",
  "package.json",
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
  const result = spawnSync(path.resolve("node_modules/.bin/react-router"), ["build"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // As `npm run build`: brotli and gzip copies of the client assets.
  spawnSync(process.execPath, ["scripts/precompress.js"], { stdio: "inherit" });
}

process.env.NODE_ENV = "production";
await import("../server/index.js");
