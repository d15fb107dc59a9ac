import { readFileSync } from "node:fs";
import path from "node:path";
import appCssHref from "~/app.css?url";
import { criticalCssInliner } from "./critical-css";
import type { DocumentEdits } from "./document-edits";
import { logger } from "./logger.server";

let inlineBuilt: ((document: DocumentEdits) => void) | undefined;

/** Inlines the built stylesheet's critical CSS in `document`; leaves it as it was if anything fails. */
export function inlineCriticalCss(document: DocumentEdits): void {
  try {
    inlineBuilt ??= criticalCssInliner(
      readFileSync(
        path.resolve(process.env.BUILD_DIR ?? "build", "client", appCssHref.slice(1)),
        "utf8",
      ),
    );
    inlineBuilt(document);
  } catch (error) {
    logger.warn({ err: error }, "critical CSS could not be inlined");
  }
}
