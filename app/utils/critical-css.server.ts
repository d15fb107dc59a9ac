import { readFileSync } from "node:fs";
import path from "node:path";
import appCssHref from "~/app.css?url";
import { type Bytes, criticalCssInliner } from "./critical-css";
import { logger } from "./logger.server";

let inlineBuilt: ((html: Bytes) => Bytes) | undefined;

/** `html` with the built stylesheet's critical CSS inlined; unchanged if anything fails. */
export function inlineCriticalCss(html: Bytes): Bytes {
  try {
    inlineBuilt ??= criticalCssInliner(
      readFileSync(
        path.resolve(process.env.BUILD_DIR ?? "build", "client", appCssHref.slice(1)),
        "utf8",
      ),
    );
    return inlineBuilt(html);
  } catch (error) {
    logger.warn({ err: error }, "critical CSS could not be inlined");
    return html;
  }
}
