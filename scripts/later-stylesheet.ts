// Runs after `react-router build`: writes beside each built stylesheet the later stylesheet a
// signed-out page links at the end of <body> — the rules its inline critical CSS may not have
// (app/utils/critical-css.ts `laterStylesheet`, docs/decisions/061).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { laterStylesheetHref } from "../app/shared/stylesheet";
import { laterStylesheet } from "../app/utils/critical-css";

const ASSETS = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");

for (const name of readdirSync(ASSETS)) {
  if (!name.endsWith(".css") || name.endsWith(".later.css")) continue;
  const later = laterStylesheet(readFileSync(path.join(ASSETS, name), "utf8"));
  writeFileSync(path.join(ASSETS, laterStylesheetHref(name)), later);
  console.log(`${laterStylesheetHref(name)}: ${later.length} bytes`);
}
